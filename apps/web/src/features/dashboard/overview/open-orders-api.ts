import { Query } from 'appwrite';
import type { Order } from '@courtside/shop';
import { api } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/** Orders and their rupees. */
export interface OrdersSum {
  orders: number;
  rupees: number;
}

/**
 * The money in orders not finished yet, as the Overview shows it: the cash couriers are still to
 * collect (cash-on-delivery orders pending or confirmed) and the bank transfers the owner has yet
 * to find in the account (bank orders still pending).
 */
export interface OpenMoney {
  cashToCollect: OrdersSum;
  transfersToCheck: OrdersSum;
}

export function openMoneyOf(
  orders: readonly Pick<Order, 'payment_type' | 'order_status' | 'price'>[],
) {
  const sum = (matching: typeof orders): OrdersSum => ({
    orders: matching.length,
    rupees: matching.reduce((n, o) => n + o.price, 0),
  });
  return {
    cashToCollect: sum(
      orders.filter(
        (o) =>
          o.payment_type === 'COD' &&
          (o.order_status === 'pending' || o.order_status === 'confirmed'),
      ),
    ),
    transfersToCheck: sum(
      orders.filter((o) => o.payment_type === 'Bank' && o.order_status === 'pending'),
    ),
  } satisfies OpenMoney;
}

const PAGE = 100;

/** Every pending or confirmed order, a page at a time by cursor. */
async function fetchOpenOrders(): Promise<Order[]> {
  const all: Order[] = [];
  let after: string | null = null;
  for (;;) {
    const queries = [
      Query.equal('order_status', ['pending', 'confirmed']),
      Query.orderDesc('$createdAt'),
      Query.limit(PAGE),
    ];
    if (after) queries.push(Query.cursorAfter(after));
    const page = await databases.listDocuments(ids.database, ids.orders, queries);
    const orders = page.documents as unknown as Order[];
    all.push(...orders);
    if (orders.length < PAGE) return all;
    after = orders[orders.length - 1]!.$id;
  }
}

export const openOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    openMoney: build.query<OpenMoney, void>({
      queryFn: () => call(async () => openMoneyOf(await fetchOpenOrders())),
      // An order placed or changed changes the figures (orders-api, orders-live).
      providesTags: ['Stats'],
    }),
  }),
});

export const { useOpenMoneyQuery } = openOrdersApi;
