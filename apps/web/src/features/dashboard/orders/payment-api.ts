import type { Order, PaymentState } from '@courtside/shop';
import { api } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';
import type { RootState } from '../../../entities/root';
import { patchCachedOrder } from './orders-api';

/** What the owner records of an advance payment (docs/shop.md §4). */
export interface PaymentChange {
  id: string;
  payment_state: PaymentState;
  /** With `paid`: the rupees received and the bank's reference. */
  paid_amount?: number;
  paid_reference?: string;
}

/**
 * Marks the payment paid (with amount and reference), refunded, or not received. The saved order
 * replaces every cached copy; a refusal is the caller's to show, beside the form.
 */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateOrderPayment: build.mutation<Order, PaymentChange>({
      queryFn: ({ id, ...data }) =>
        call(
          async () =>
            (await databases.updateDocument(
              ids.database,
              ids.orders,
              id,
              data,
            )) as unknown as Order,
        ),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchCachedOrder(dispatch, getState() as RootState, id, () => data);
        } catch {
          /* the form shows the server's reason */
        }
      },
      invalidatesTags: [{ type: 'Order', id: 'COUNTS' }, 'Stats'],
    }),
  }),
});

export const { useUpdateOrderPaymentMutation } = paymentApi;
