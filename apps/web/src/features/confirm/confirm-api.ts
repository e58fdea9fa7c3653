import { CONFIRM_API_PATH, type ConfirmAction, type OrderConfirmView } from '@courtside/shop';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { call } from '../../lib/errors';

/** The link's two parts, as /confirm/<order id>.<key> carries them. */
export interface ConfirmLink {
  order: string;
  key: string;
}

const confirmUrl = () => new URL(`${client.config.endpoint}${CONFIRM_API_PATH}`);
const json = { 'content-type': 'application/json' };

/**
 * The buyer's confirmation link (docs/shop.md, "The buyer confirms"): the order's summary, and
 * the buyer's answer, confirm or cancel. No account needed: the link's key is the proof.
 */
export const confirmApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmView: build.query<OrderConfirmView, ConfirmLink>({
      queryFn: (link) =>
        call(
          () => client.call('get', confirmUrl(), json, { ...link }) as Promise<OrderConfirmView>,
        ),
      providesTags: (_r, _e, { order }) => [{ type: 'Order', id: order }],
    }),
    answerConfirm: build.mutation<OrderConfirmView, ConfirmLink & { action: ConfirmAction }>({
      queryFn: (answer) =>
        call(
          () => client.call('post', confirmUrl(), json, { ...answer }) as Promise<OrderConfirmView>,
        ),
    }),
  }),
});

export const { useConfirmViewQuery, useAnswerConfirmMutation } = confirmApi;
