import { HOLD_LIMIT_PATH } from '@courtside/shop';
import { endpoint } from '../../config/env';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { call } from '../../lib/errors';

/**
 * The pairs one customer may hold in orders the shop has not confirmed (the owner's setting, else
 * the server's starting value), so the cart can say the rule before checkout. The order's own
 * check stays the judge: it also counts the pairs already waiting.
 */
export const holdLimitApi = api.injectEndpoints({
  endpoints: (build) => ({
    holdLimit: build.query<number, void>({
      queryFn: () =>
        call(async () => {
          const answer = (await client.call('get', new URL(`${endpoint}${HOLD_LIMIT_PATH}`))) as {
            pairs: number;
          };
          return answer.pairs;
        }),
    }),
    /** The hours a bank transfer has to be paid in advance before the order expires. */
    payWithinHours: build.query<number | null, void>({
      queryFn: () =>
        call(async () => {
          const answer = (await client.call('get', new URL(`${endpoint}${HOLD_LIMIT_PATH}`))) as {
            hours?: unknown;
          };
          return typeof answer.hours === 'number' && answer.hours > 0 ? answer.hours : null;
        }),
    }),
  }),
});

export const { useHoldLimitQuery, usePayWithinHoursQuery } = holdLimitApi;
