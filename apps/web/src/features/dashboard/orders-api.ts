import { Query, type Models } from 'appwrite';
import { toast } from 'react-toastify';
import {
  DASHBOARD_ORDERS_PAGE,
  DASHBOARD_STATUS,
  isLiveOrderStatus,
  type Order,
  type OrderStatus,
} from '@courtside/shop';
import { api } from '../../lib/api';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { call, errorText } from '../../lib/errors';

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

/** One page of the newest orders; `after` is the last order id of the page before. */
export async function fetchOrdersPage(after: string | null, limit = ORDERS_PAGE) {
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

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    ordersPage: build.query<OrdersPage, string | null>({
      queryFn: (after) => call(() => fetchOrdersPage(after)),
      providesTags: (r) => [{ type: 'Order', id: 'LIST' }, ...orderTags(r?.orders)],
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
        const undo: (() => void)[] = [];
        const set = (o: Order) => {
          if (o.$id === id) o.order_status = status;
        };
        for (const entry of ordersApi.util.selectInvalidatedBy(getState(), [
          { type: 'Order', id },
        ])) {
          if (entry.endpointName === 'order') {
            const patch = dispatch(
              ordersApi.util.updateQueryData('order', entry.originalArgs as string, set),
            );
            undo.push(patch.undo);
          } else if (entry.endpointName === 'ordersPage') {
            const patch = dispatch(
              ordersApi.util.updateQueryData(
                'ordersPage',
                entry.originalArgs as string | null,
                (draft) => draft.orders.forEach(set),
              ),
            );
            undo.push(patch.undo);
          }
        }
        try {
          await queryFulfilled;
          toast.success(`Order #${number ?? id} is now ${DASHBOARD_STATUS[status].label}`, {
            toastId: `status-${id}`,
          });
        } catch (failure) {
          undo.forEach((u) => u());
          const reason = errorText((failure as { error?: unknown }).error);
          toast.error(`The status was not changed: ${reason}`, { toastId: `status-${id}` });
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
  }),
});

export const {
  useOrdersPageQuery,
  useOrderCountsQuery,
  useNewOrdersQuery,
  useOrderQuery,
  useUpdateOrderStatusMutation,
} = ordersApi;
