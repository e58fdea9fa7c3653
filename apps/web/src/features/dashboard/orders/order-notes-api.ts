import { ID, Query } from 'appwrite';
import type { OrderNote } from '@courtside/shop';
import { api } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/** The most notes an order page lists; an order gathers a handful. */
export const ORDER_NOTES_LIMIT = 100;

/**
 * The owner's notes on one order (collection `order_notes`, admins only; docs/shop.md#the-dashboard),
 * newest first. Adding or deleting one fetches the order's notes again.
 */
export const orderNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderNotes: build.query<OrderNote[], string>({
      queryFn: (orderId) =>
        call(async () => {
          const list = await databases.listDocuments<OrderNote>(ids.database, ids.orderNotes, [
            Query.equal('order_id', orderId),
            Query.orderDesc('$createdAt'),
            Query.limit(ORDER_NOTES_LIMIT),
          ]);
          return list.documents;
        }),
      providesTags: (_r, _e, orderId) => [{ type: 'OrderNote', id: orderId }],
    }),
    addOrderNote: build.mutation<OrderNote, { orderId: string; text: string }>({
      queryFn: ({ orderId, text }) =>
        call(() =>
          databases.createDocument<OrderNote>(ids.database, ids.orderNotes, ID.unique(), {
            order_id: orderId,
            text,
          }),
        ),
      invalidatesTags: (_r, _e, { orderId }) => [{ type: 'OrderNote', id: orderId }],
    }),
    deleteOrderNote: build.mutation<null, { orderId: string; id: string }>({
      queryFn: ({ id }) =>
        call(async () => {
          await databases.deleteDocument(ids.database, ids.orderNotes, id);
          return null;
        }),
      invalidatesTags: (_r, _e, { orderId }) => [{ type: 'OrderNote', id: orderId }],
    }),
  }),
});

export const { useOrderNotesQuery, useAddOrderNoteMutation, useDeleteOrderNoteMutation } =
  orderNotesApi;
