import { Query } from 'appwrite';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';
import type { OrderClient } from './held-pairs';

/** Records read for the panel: every hold limit lets far fewer through while the owner looks. */
export const HELD_RECORDS = 1000;

/**
 * The records of pending orders' clients (collection order_clients, admins only), and releasing
 * a group's holds: each order cancelled as the owner would from its page, so its pairs go back
 * on sale, the customer hears of it and the figures follow.
 */
export const heldPairsApi = api.injectEndpoints({
  endpoints: (build) => ({
    heldPairs: build.query<OrderClient[], void>({
      queryFn: () =>
        call(async () => {
          const list = await databases.listDocuments(ids.database, ids.orderClients, [
            Query.orderDesc('$createdAt'),
            Query.limit(HELD_RECORDS),
          ]);
          return list.documents as unknown as OrderClient[];
        }),
      providesTags: [{ type: 'Order', id: 'HELD' }],
    }),
    releaseHolds: build.mutation<number, readonly string[]>({
      queryFn: (orderIds) =>
        call(async () => {
          // One after another: each is its own transaction, and a refusal stops the rest.
          for (const id of orderIds) {
            await databases.updateDocument(ids.database, ids.orders, id, {
              order_status: 'cancelled',
            });
          }
          return orderIds.length;
        }),
      invalidatesTags: [
        { type: 'Order', id: 'HELD' },
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: 'COUNTS' },
        { type: 'Order', id: 'NEW' },
        { type: 'Product', id: 'LIST' },
        'Stats',
      ],
    }),
  }),
});

export const { useHeldPairsQuery, useReleaseHoldsMutation } = heldPairsApi;
