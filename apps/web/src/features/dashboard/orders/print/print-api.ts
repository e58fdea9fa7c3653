import { Query } from 'appwrite';
import type { Order } from '@courtside/shop';
import { ids } from '../../../../config/env';
import { api } from '../../../../lib/api';
import { databases } from '../../../../lib/appwrite';
import { call } from '../../../../lib/errors';

/** The most orders one print run takes (a query's list of values has this limit). */
export const PRINT_LIMIT = 100;

export interface PrintOrders {
  /** The orders found, in the order they were asked for. */
  orders: Order[];
  /** How many of the ids asked for name no order (deleted since). */
  missing: number;
}

/** The orders `orderIds` names, read fresh (a slip must show the order as it is now). */
export async function fetchOrdersToPrint(orderIds: readonly string[]): Promise<PrintOrders> {
  const wanted = [...new Set(orderIds)].slice(0, PRINT_LIMIT);
  if (wanted.length === 0) return { orders: [], missing: 0 };
  const list = await databases.listDocuments(ids.database, ids.orders, [
    Query.equal('$id', wanted),
    Query.limit(wanted.length),
  ]);
  const byId = new Map(list.documents.map((d) => [d.$id, d as unknown as Order]));
  const orders = wanted.flatMap((id) => byId.get(id) ?? []);
  return { orders, missing: wanted.length - orders.length };
}

export const printApi = api.injectEndpoints({
  endpoints: (build) => ({
    ordersToPrint: build.query<PrintOrders, readonly string[]>({
      queryFn: (orderIds) => call(() => fetchOrdersToPrint(orderIds)),
      providesTags: (r) => (r?.orders ?? []).map((o) => ({ type: 'Order' as const, id: o.$id })),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useOrdersToPrintQuery } = printApi;
