import { Query, type Models } from 'appwrite';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * E-mails that have not gone out (docs/shop.md, "E-mail deliveries"): the `deliveries`
 * collection the backend keeps for the owner, one document per message that failed at least
 * once and is not delivered yet. A delivered message leaves the list on its own.
 */
export interface Delivery {
  $id: string;
  $createdAt: string;
  to: string;
  subject: string;
  kind: string;
  /** retrying: the server tries again at `nextAttemptAt`; failed: it has given up. */
  status: 'retrying' | 'failed';
  attempts: number;
  lastError: string;
  nextAttemptAt: string | null;
}

export const asDelivery = (d: Models.Document): Delivery => ({
  $id: d.$id,
  $createdAt: d.$createdAt,
  to: String(d.to ?? ''),
  subject: String(d.subject ?? ''),
  kind: String(d.kind ?? ''),
  status: d.status === 'failed' ? 'failed' : 'retrying',
  attempts: Number(d.attempts ?? 0),
  lastError: String(d.lastError ?? ''),
  nextAttemptAt: typeof d.nextAttemptAt === 'string' ? d.nextAttemptAt : null,
});

export const deliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    undelivered: build.query<{ total: number; deliveries: Delivery[] }, void>({
      queryFn: () =>
        call(async () => {
          const list = await databases.listDocuments(ids.database, ids.deliveries, [
            Query.orderDesc('$createdAt'),
            Query.limit(20),
          ]);
          return { total: list.total, deliveries: list.documents.map(asDelivery) };
        }),
      providesTags: ['Delivery'],
    }),
    sendAgain: build.mutation<null, string>({
      queryFn: (id) =>
        call(async () => {
          await databases.updateDocument(ids.database, ids.deliveries, id, { status: 'retrying' });
          return null;
        }),
      invalidatesTags: ['Delivery'],
    }),
    dismissDelivery: build.mutation<null, string>({
      queryFn: (id) =>
        call(async () => {
          await databases.deleteDocument(ids.database, ids.deliveries, id);
          return null;
        }),
      invalidatesTags: ['Delivery'],
    }),
  }),
});

export const { useUndeliveredQuery, useSendAgainMutation, useDismissDeliveryMutation } =
  deliveriesApi;
