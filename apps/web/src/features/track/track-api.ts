import { TRACK_API_PATH, type OrderTracking } from '@courtside/shop';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { call } from '../../lib/errors';

/** The order lookup of /track (docs/shop.md §4): by order number and mobile number, no account. */
export const trackApi = api.injectEndpoints({
  endpoints: (build) => ({
    trackOrder: build.query<OrderTracking, { order: string; phone: string }>({
      queryFn: ({ order, phone }) =>
        call(
          () =>
            client.call(
              'get',
              new URL(`${client.config.endpoint}${TRACK_API_PATH}`),
              { 'content-type': 'application/json' },
              { order, phone },
            ) as Promise<OrderTracking>,
        ),
      providesTags: (_r, _e, { order }) => [{ type: 'Order', id: order }],
    }),
  }),
});

export const { useTrackOrderQuery } = trackApi;
