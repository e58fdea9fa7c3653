import { createAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { CallError } from './errors';

/**
 * The server data a page was rendered with on the server (docs/architecture.md#speed): the cache's
 * own state, handed to the browser's store so the page hydrates with the very data it was rendered
 * from.
 */
export const apiHydrated = createAction<unknown>('api/hydrated');

/**
 * The one cache of server data. Features add their calls with `api.injectEndpoints`, each a
 * `queryFn` around the SDK, so every call stays exactly as docs/shop.md §7 describes it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<CallError>(),
  tagTypes: [
    'Product',
    'Order',
    'OwnerNote',
    'Account',
    'Stats',
    'Delivery',
    'InfoPage',
    'Settings',
    'Subscriber',
    'Backup',
    'Code',
    'Number',
  ],
  // The payload is this cache's own state (`getState().api` on the server).
  extractRehydrationInfo: (action) =>
    apiHydrated.match(action) ? (action.payload as never) : undefined,
  endpoints: () => ({}),
});

/** What a feature's `endpoints` builder is given: groups of endpoints are written against it. */
export type ApiBuild = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];
