import { useState } from 'react';
import { formatRs, orderNumberText, paymentStateOf, type Order } from '@courtside/shop';
import { PaymentBadge, PaymentProofUpload } from '../../entities/order/PaymentProofUpload';
import { AccountRow, BankAccounts } from './BankAccounts';
import type { PlacedOrder } from './place-order';
import { useMyOrderQuery } from '../../entities/order/orders-api';
import { usePayWithinHoursQuery } from '../../entities/cart/hold-limit-api';

/**
 * How to pay a bank-transfer order in advance (docs/shop.md §4): its payment state, the shop's
 * accounts, the order number as the transfer's reference (each with a Copy button), and the
 * upload of the payment's screenshot. Once paid (or refunded) only the state is left to say.
 */
export function BankPayment({ order }: { order: PlacedOrder }) {
  // A screenshot sent from this page moves the state on without reading the order again.
  const [sent, setSent] = useState<Order['payment_state']>(null);
  // The order as stored now: the owner may have marked it paid since checkout passed it here.
  const stored = useMyOrderQuery(order.$id ?? order.order_number).data;
  const state = paymentStateOf({
    payment_type: 'Bank',
    payment_state: sent ?? stored?.payment_state ?? order.payment_state,
  });
  const hours = usePayWithinHoursQuery().data ?? null;
  const reference = orderNumberText(order.order_number).replace(/^#/, '');
  const open = state === 'unpaid' || state === 'proof_sent';
  return (
    <div
      aria-label="How to pay"
      role="region"
      className="mt-3 rounded-xl border border-court/30 bg-white p-3 text-sm text-ink-soft"
    >
      {state && (
        <p className="mb-2 flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink">Payment</span>
          <PaymentBadge state={state} />
        </p>
      )}
      {open && (
        <>
          <p>
            Please send <strong>{formatRs(order.price)}</strong> to one of these accounts:
          </p>
          <BankAccounts className="mt-2" />
          <dl className="mt-3 border-t border-court/20 pt-3">
            <AccountRow
              label="Reference: your order number"
              number={reference}
              name="order number"
            />
          </dl>
          <p className="mt-3">
            Then upload a screenshot of the payment here. We ship once it has arrived.
            {hours && state === 'unpaid' && (
              <>
                {' '}
                <strong data-testid="pay-within">
                  Please pay within {hours === 1 ? '1 hour' : `${hours} hours`}
                </strong>
                , or the order is cancelled and its pairs go back on sale.
              </>
            )}
          </p>
          <PaymentProofUpload
            orderId={order.$id ?? order.order_number}
            state={state}
            className="mt-3"
            onSent={(saved) => setSent(saved.payment_state ?? 'proof_sent')}
          />
        </>
      )}
    </div>
  );
}
