import { ORDER_OUTCOMES_PATH, type OutcomeMonth } from '@courtside/shop';
import { endpoint } from '../../../config/env';
import { api } from '../../../lib/api';
import { client } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

async function readOutcomes(months: number): Promise<OutcomeMonth[]> {
  const url = new URL(`${endpoint}${ORDER_OUTCOMES_PATH}`);
  url.searchParams.set('months', String(months));
  return ((await client.call('get', url)) as { months: OutcomeMonth[] }).months;
}

/** The last months' confirmations and returns (server: shop/order-outcomes-route.ts). */
export const outcomesApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderOutcomes: build.query<OutcomeMonth[], number>({
      queryFn: (months) => call(() => readOutcomes(months)),
      providesTags: ['Order'],
    }),
  }),
});

export const { useOrderOutcomesQuery } = outcomesApi;
