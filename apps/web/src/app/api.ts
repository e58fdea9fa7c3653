import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one cache of server data. Features add their calls with `api.injectEndpoints`, each a
 * `queryFn` around the SDK, so every call stays exactly as spec section 7 describes it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<{ message: string; code?: number }>(),
  tagTypes: ['Product', 'Order', 'Account', 'Stats'],
  endpoints: () => ({}),
});
