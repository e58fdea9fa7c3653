import type { CartLine, Charges, CodeOffer, Order } from '@courtside/shop';
import type { CheckoutValues } from '@courtside/shop/validation';
import { Query, type RealtimeResponseEvent } from 'appwrite';
import { api } from '../../lib/api';
import { ids } from '../../config/env';
import { client, databases } from '../../lib/appwrite';
import { call } from '../../lib/errors';
import { createOrder } from './new-order';

/** How many of a customer's orders My Orders shows; a shoe shop's customer has far fewer. */
export const MY_ORDERS_LIMIT = 100;

export const ordersChannel = () => `databases.${ids.database}.collections.${ids.orders}.documents`;

const newestFirst = (a: Order, b: Order) => b.$createdAt.localeCompare(a.$createdAt);

/**
 * Applies one realtime event to the customer's list (D13): a changed order is replaced, a new one
 * of theirs is added, a deleted one leaves. Events about other users' orders never reach this
 * browser (the server filters by read permission), and are ignored here all the same.
 */
export function applyOrderEvent(
  orders: Order[],
  userId: string,
  event: Pick<RealtimeResponseEvent<Order>, 'events' | 'payload'>,
): void {
  const order = event.payload;
  if (!order || typeof order.$id !== 'string' || order.user_id !== userId) return;
  const at = orders.findIndex((o) => o.$id === order.$id);
  if (event.events.some((e) => e.endsWith('.delete'))) {
    if (at >= 0) orders.splice(at, 1);
    return;
  }
  if (at >= 0) orders[at] = order;
  else {
    orders.push(order);
    orders.sort(newestFirst);
  }
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** My Orders: the caller's own orders, newest first, kept live through realtime. */
    myOrders: build.query<Order[], string>({
      queryFn: (userId) =>
        call(async () => {
          const list = await databases.listDocuments<Order>(ids.database, ids.orders, [
            Query.equal('user_id', userId),
            Query.orderDesc('$createdAt'),
            Query.limit(MY_ORDERS_LIMIT),
          ]);
          return list.documents;
        }),
      providesTags: ['Order'],
      async onCacheEntryAdded(userId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        let unsubscribe: (() => void) | undefined;
        try {
          await cacheDataLoaded;
          unsubscribe = client.subscribe<Order>(ordersChannel(), (event) =>
            updateCachedData((orders) => applyOrderEvent(orders, userId, event)),
          );
        } catch {
          /* the list failed to load; the page offers Retry */
        }
        await cacheEntryRemoved;
        unsubscribe?.();
      },
    }),
    /**
     * Places the order (docs/shop.md §7): the server checks and recomputes it (D4) or refuses
     * with a message for the customer (D9). The customer's orders, the owner's lists and figures,
     * and the ordered products' stock all change with it.
     */
    placeOrder: build.mutation<
      Order,
      {
        userId: string;
        lines: readonly CartLine[];
        values: CheckoutValues;
        charges: Charges;
        code?: CodeOffer | null;
      }
    >({
      queryFn: ({ userId, lines, values, charges, code }) =>
        call(() => createOrder(userId, lines, values, charges, code ?? null)),
      invalidatesTags: (_r, _e, { lines }) => [
        'Order',
        'Stats',
        { type: 'Product', id: 'LIST' },
        ...lines.map((l) => ({ type: 'Product' as const, id: l.$id })),
      ],
    }),
    /** One of the caller's orders by id (the server answers 404 for anyone else's). */
    myOrder: build.query<Order, string>({
      queryFn: (id) => call(() => databases.getDocument<Order>(ids.database, ids.orders, id)),
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
  }),
});

export const { useMyOrdersQuery, useMyOrderQuery, usePlaceOrderMutation } = ordersApi;
