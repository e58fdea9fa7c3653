import { Query, type Models } from 'appwrite';
import { toast } from 'react-toastify';
import {
  DASHBOARD_ORDERS_PAGE,
  DASHBOARD_STATUS,
  isLiveOrderStatus,
  orderNumberText,
  type Order,
  type OrderStatus,
  type OrderView,
  type Shipping,
} from '@courtside/shop';
import { api, type ApiBuild } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call, errorText } from '../../../lib/errors';
import type { AppDispatch, RootState } from '../../../entities/root';
import { ordersQueries, viewQueries, type OrdersFilter } from './orders-filters';

/** The orders list shows 20 at a time, newest first (docs/shop.md §9). */
export const ORDERS_PAGE = DASHBOARD_ORDERS_PAGE;

export interface OrdersPage {
  total: number;
  orders: Order[];
}

export interface OrderCounts {
  total: number;
  pending: number;
  delivered: number;
}

const asOrder = (doc: Models.Document) => doc as unknown as Order;
const listOrders = (queries: string[]) =>
  databases.listDocuments(ids.database, ids.orders, queries);

/** One page of the list for this search and these filters (nothing for an impossible search). */
async function fetchOrdersList(filter: OrdersFilter): Promise<OrdersPage> {
  const queries = ordersQueries(filter, ORDERS_PAGE);
  if (!queries) return { total: 0, orders: [] };
  const list = await listOrders(queries);
  return { total: list.total, orders: list.documents.map(asOrder) };
}

/** One page of the newest orders; `after` is the last order id of the page before. */
async function fetchOrdersPage(after: string | null, limit: number) {
  const queries = [Query.orderDesc('$createdAt'), Query.limit(limit)];
  if (after) queries.push(Query.cursorAfter(after));
  const list = await listOrders(queries);
  return { total: list.total, orders: list.documents.map(asOrder) };
}

/** Every order, newest first, paged by cursor so no page is too large (D20, CSV export). */
export async function fetchAllOrders(pageSize = 100): Promise<Order[]> {
  const all: Order[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await fetchOrdersPage(after, pageSize);
    all.push(...page.orders);
    if (page.orders.length < pageSize) return all;
    after = page.orders[page.orders.length - 1]!.$id;
  }
}

const orderTags = (orders: readonly Order[] = []) =>
  orders.map((o) => ({ type: 'Order' as const, id: o.$id }));

/**
 * Changes every cached copy of one order (its page, the lists showing it) with `recipe`; returns
 * how to undo it. Lists that do not hold it are left alone.
 */
export function patchCachedOrder(
  dispatch: AppDispatch,
  state: RootState,
  id: string,
  recipe: (order: Order) => Order | void,
): (() => void)[] {
  const undo: (() => void)[] = [];
  for (const entry of ordersApi.util.selectInvalidatedBy(state, [{ type: 'Order', id }])) {
    if (entry.endpointName === 'order') {
      const patch = dispatch(
        ordersApi.util.updateQueryData('order', entry.originalArgs as string, (draft) =>
          recipe(draft),
        ),
      );
      undo.push(patch.undo);
    } else if (entry.endpointName === 'ordersList') {
      const patch = dispatch(
        ordersApi.util.updateQueryData('ordersList', entry.originalArgs as OrdersFilter, (d) => {
          const at = d.orders.findIndex((o) => o.$id === id);
          if (at < 0) return;
          const next = recipe(d.orders[at]!);
          if (next) d.orders[at] = next;
        }),
      );
      undo.push(patch.undo);
    }
  }
  return undo;
}

/** What the list, the overview and an order's page read. */
const orderReads = (build: ApiBuild) => ({
  /**
   * One page of the list. A new order joins the first unfiltered page at once (orders-live);
   * the other pages and searches (tag PAGES) are fetched again instead.
   */
  ordersList: build.query<OrdersPage, OrdersFilter>({
    queryFn: (filter) => call(() => fetchOrdersList(filter)),
    providesTags: (r, _e, filter) => [
      { type: 'Order', id: 'LIST' },
      ...(filter.page > 1 || filter.q ? [{ type: 'Order' as const, id: 'PAGES' }] : []),
      ...orderTags(r?.orders),
    ],
  }),
  /** Delivered counts completed orders (docs/shop.md §2, D5 spelling). */
  orderCounts: build.query<OrderCounts, void>({
    queryFn: () =>
      call(async () => {
        const one = Query.limit(1);
        const [all, pending, completed] = await Promise.all([
          listOrders([one]),
          listOrders([Query.equal('order_status', 'pending'), one]),
          listOrders([Query.equal('order_status', 'completed'), one]),
        ]);
        return { total: all.total, pending: pending.total, delivered: completed.total };
      }),
    providesTags: [{ type: 'Order', id: 'COUNTS' }],
  }),
  /** How many orders each of these views holds (order-views.ts), for the Overview and the list. */
  orderViewCounts: build.query<Partial<Record<OrderView, number>>, readonly OrderView[]>({
    queryFn: (views) =>
      call(async () => {
        const totals = await Promise.all(
          views.map(async (view) => {
            const queries = viewQueries(view);
            return queries ? (await listOrders([...queries, Query.limit(1)])).total : 0;
          }),
        );
        return Object.fromEntries(views.map((view, i) => [view, totals[i]]));
      }),
    providesTags: [{ type: 'Order', id: 'COUNTS' }],
  }),
  /** The latest pending orders, for the overview's New Orders panel (D7). */
  newOrders: build.query<Order[], number>({
    queryFn: (limit) =>
      call(async () => {
        const list = await listOrders([
          Query.equal('order_status', 'pending'),
          Query.orderDesc('$createdAt'),
          Query.limit(limit),
        ]);
        return list.documents.map(asOrder);
      }),
    providesTags: (r) => [{ type: 'Order', id: 'NEW' }, ...orderTags(r)],
  }),
  order: build.query<Order, string>({
    queryFn: (id) =>
      call(async () => asOrder(await databases.getDocument(ids.database, ids.orders, id))),
    providesTags: (_r, _e, id) => [{ type: 'Order', id }],
  }),
});

/** What the owner changes on an order: its status and its shipping. */
const orderWrites = (build: ApiBuild) => ({
  /**
   * Changes only order_status (docs/shop.md §7). The screen changes at once; if the server
   * refuses, every cached copy goes back and a toast says why (D9).
   */
  updateOrderStatus: build.mutation<Order, { id: string; status: OrderStatus; number?: string }>({
    queryFn: ({ id, status }) =>
      call(async () =>
        asOrder(
          await databases.updateDocument(ids.database, ids.orders, id, { order_status: status }),
        ),
      ),
    async onQueryStarted({ id, status, number }, { dispatch, getState, queryFulfilled }) {
      const undo = patchCachedOrder(dispatch, getState() as RootState, id, (o) => {
        o.order_status = status;
      });
      try {
        await queryFulfilled;
        toast.success(
          `Order ${orderNumberText(number ?? id)} is now ${DASHBOARD_STATUS[status].label}`,
          {
            toastId: `status-${id}`,
          },
        );
      } catch (failure) {
        undo.forEach((u) => u());
        const reason = errorText((failure as { error?: unknown }).error);
        toast.error(`The status was not changed: ${reason}`, { toastId: `status-${id}` });
        // Refused because it changed meanwhile (another tab)? Show what is stored now.
        dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id }]));
      }
    },
    // A cancelled or returned order's pairs are back on sale: the products change too.
    invalidatesTags: (_r, _e, { status }) => [
      { type: 'Order', id: 'COUNTS' },
      { type: 'Order', id: 'NEW' },
      'Stats',
      ...(isLiveOrderStatus(status) ? [] : [{ type: 'Product' as const, id: 'LIST' }]),
    ],
  }),
  /**
   * Sets the courier and tracking number (D24). The saved order replaces every cached copy;
   * a refusal is the caller's to show, beside the form.
   */
  updateOrderShipping: build.mutation<Order, { id: string } & Shipping>({
    queryFn: ({ id, courier, tracking_number }) =>
      call(async () =>
        asOrder(
          await databases.updateDocument(ids.database, ids.orders, id, {
            courier,
            tracking_number,
          }),
        ),
      ),
    async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
      try {
        const { data } = await queryFulfilled;
        patchCachedOrder(dispatch, getState() as RootState, id, () => data);
      } catch {
        /* the form shows the server's reason */
      }
    },
  }),
});

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({ ...orderReads(build), ...orderWrites(build) }),
});

export const {
  useOrdersListQuery,
  useUpdateOrderShippingMutation,
  useOrderCountsQuery,
  useOrderViewCountsQuery,
  useNewOrdersQuery,
  useOrderQuery,
  useUpdateOrderStatusMutation,
} = ordersApi;
