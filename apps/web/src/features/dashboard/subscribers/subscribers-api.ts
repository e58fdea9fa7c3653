import { Query, type Models } from 'appwrite';
import { shopDateTime } from '@courtside/shop';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';
import { csvTable } from '../csv';

/**
 * The subscribe box's list (collection `subscribers`, admins only, D11): one record per address,
 * made anew when an address subscribes again, so `$createdAt` is its latest subscription.
 */
export interface Subscriber {
  $id: string;
  email: string;
  $createdAt: string;
}

/** Subscribers per page of the list. */
export const SUBSCRIBERS_PAGE = 50;

const asSubscriber = (d: Models.Document): Subscriber => ({
  $id: d.$id,
  email: String(d.email ?? ''),
  $createdAt: d.$createdAt,
});

const listSubscribers = (queries: string[]) =>
  databases.listDocuments(ids.database, ids.subscribers, queries);

/** Every subscriber, newest first, fetched by cursor so no answer is too large. */
export async function fetchAllSubscribers(pageSize = 500): Promise<Subscriber[]> {
  const all: Subscriber[] = [];
  for (;;) {
    const after = all.at(-1);
    const page = await listSubscribers([
      Query.orderDesc('$createdAt'),
      Query.limit(pageSize),
      ...(after ? [Query.cursorAfter(after.$id)] : []),
    ]);
    all.push(...page.documents.map(asSubscriber));
    if (page.documents.length < pageSize) return all;
  }
}

export const SUBSCRIBER_CSV_COLUMNS = ['email', 'subscribed_at'] as const;

export const subscribersToCsv = (list: readonly Subscriber[]) =>
  csvTable(
    SUBSCRIBER_CSV_COLUMNS,
    list.map((s) => [s.email, shopDateTime(s.$createdAt)]),
  );

export const subscribersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page (from 1) of the list, newest first, with how many there are in all. */
    subscribersPage: build.query<{ total: number; subscribers: Subscriber[] }, number>({
      queryFn: (page) =>
        call(async () => {
          const list = await listSubscribers([
            Query.orderDesc('$createdAt'),
            Query.limit(SUBSCRIBERS_PAGE),
            ...(page > 1 ? [Query.offset((page - 1) * SUBSCRIBERS_PAGE)] : []),
          ]);
          return { total: list.total, subscribers: list.documents.map(asSubscriber) };
        }),
      providesTags: ['Subscriber'],
    }),
  }),
});

export const { useSubscribersPageQuery } = subscribersApi;
