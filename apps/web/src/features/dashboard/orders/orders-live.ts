import { useEffect } from 'react';
import type { RealtimeResponseEvent } from 'appwrite';
import { toast } from 'react-toastify';
import type { Order } from '@courtside/shop';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../../entities/hooks';
import type { AppDispatch, RootState } from '../../../entities/root';
import { ids } from '../../../config/env';
import { client } from '../../../lib/appwrite';
import { ORDERS_PAGE, ordersApi, patchCachedOrder } from './orders-api';
import { opensList, type OrdersFilter } from './orders-filters';

/** The realtime channel of every order document (docs/protocol.md §7.3). */
export const ordersChannel = () => `databases.${ids.database}.collections.${ids.orders}.documents`;

type Action = 'create' | 'update' | 'delete';

function actionOf(events: readonly string[]): Action | null {
  for (const action of ['create', 'update', 'delete'] as const) {
    if (events.some((e) => e.endsWith(`.${action}`))) return action;
  }
  return null;
}

/**
 * Applies one realtime order event to every cached copy (D13): a new order joins the top of the
 * first page of each list it belongs to (the other pages and searches are fetched again); a
 * changed one is replaced where it shows; a deleted one leaves.
 */
export function applyOrderEvent(
  dispatch: AppDispatch,
  state: RootState,
  action: Action,
  order: Order,
) {
  if (action === 'create') {
    for (const entry of ordersApi.util.selectInvalidatedBy(state, [
      { type: 'Order', id: 'LIST' },
    ])) {
      const filter = entry.originalArgs as OrdersFilter;
      if (entry.endpointName !== 'ordersList' || !opensList(filter, order)) continue;
      dispatch(
        ordersApi.util.updateQueryData('ordersList', filter, (draft) => {
          if (draft.orders.some((o) => o.$id === order.$id)) return;
          draft.orders.unshift(order);
          if (draft.orders.length > ORDERS_PAGE) draft.orders.pop();
          draft.total += 1;
        }),
      );
    }
    dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id: 'PAGES' }]));
  } else if (action === 'update') {
    patchCachedOrder(dispatch, state, order.$id, () => order);
  } else {
    for (const entry of ordersApi.util.selectInvalidatedBy(state, [
      { type: 'Order', id: order.$id },
    ])) {
      if (entry.endpointName !== 'ordersList') continue;
      dispatch(
        ordersApi.util.updateQueryData('ordersList', entry.originalArgs as OrdersFilter, (d) => {
          const at = d.orders.findIndex((o) => o.$id === order.$id);
          if (at < 0) return;
          d.orders.splice(at, 1);
          d.total -= 1;
        }),
      );
    }
  }
  dispatch(
    ordersApi.util.invalidateTags([
      { type: 'Order', id: 'COUNTS' },
      { type: 'Order', id: 'NEW' },
      // Held pairs (held-pairs-api.ts): a new, changed or deleted order may hold pairs or not.
      { type: 'Order', id: 'HELD' },
      'Stats',
    ]),
  );
}

/** Keeps the dashboard's orders live while it is open; announces new orders with a toast. */
export function useLiveOrders() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    try {
      unsubscribe = client.subscribe(ordersChannel(), (event: RealtimeResponseEvent<unknown>) => {
        const action = actionOf(event.events);
        if (!action) return;
        const order = event.payload as Order;
        applyOrderEvent(dispatch, store.getState(), action, order);
        if (action === 'create') {
          toast.info(`New order from ${order.User_name}`, { toastId: `new-${order.$id}` });
        }
      });
    } catch (error) {
      // Without realtime the list still works; it just needs a reload to show new orders.
      console.warn('Live orders are unavailable', error);
    }
    return () => unsubscribe?.();
  }, [dispatch, store]);
}
