import { NUMBERS_PATH, type NumberRecord } from '@courtside/shop';
import { endpoint } from '../../../config/env';
import { api } from '../../../lib/api';
import { client } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/** The numbers' records, in the order asked (server: shop/numbers-route.ts). */
async function readNumbers(phones: readonly string[]): Promise<NumberRecord[]> {
  const url = new URL(`${endpoint}${NUMBERS_PATH}`);
  for (const p of phones) url.searchParams.append('phones[]', p);
  const answer = (await client.call('get', url)) as { numbers?: unknown } | null;
  if (!Array.isArray(answer?.numbers)) throw new Error('The shop did not answer the numbers');
  return answer.numbers as NumberRecord[];
}

/**
 * What the shop remembers of mobile numbers (admins only): each one's history across accounts
 * and guest orders, its label, its block and its change log. Asked for a page of orders at once;
 * read again when an order changes or the owner blocks or unblocks a number.
 */
export const numbersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The numbers, joined by commas (one cache entry per page of numbers). */
    numbers: build.query<NumberRecord[], string>({
      queryFn: (joined) => call(() => readNumbers(joined.split(','))),
      providesTags: ['Number', 'Order'],
    }),
    setNumberBlock: build.mutation<
      NumberRecord,
      { phone: string; blocked: boolean; reason: string }
    >({
      queryFn: (body) =>
        call(
          async () =>
            (await client.call(
              'post',
              new URL(`${endpoint}${NUMBERS_PATH}`),
              { 'content-type': 'application/json' },
              body,
            )) as NumberRecord,
        ),
      invalidatesTags: ['Number'],
    }),
  }),
});

export const { useNumbersQuery, useSetNumberBlockMutation } = numbersApi;

/** The records of these numbers (each once, in order), skipped while there are none. */
export function useNumberRecords(phones: readonly string[]) {
  const joined = [...new Set(phones.filter(Boolean))].join(',');
  return useNumbersQuery(joined, { skip: joined === '' });
}
