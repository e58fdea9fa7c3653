import { cancelledByText, confirmedByText, type Order } from '@courtside/shop';
import { formatWhen } from '../../../lib/format-when';

/**
 * Who confirmed or cancelled the order (docs/shop.md, "The buyer confirms"): the buyer by the
 * link, the owner by phone, or the expiry of an unconfirmed order; a cash-on-delivery order still
 * pending waits for the buyer.
 */
export function ConfirmedBy({ order }: { order: Order }) {
  const status = order.order_status;
  let text: string | null = null;
  if (status === 'cancelled') text = cancelledByText(order.cancelled_by);
  else if (status !== 'pending') {
    const by = confirmedByText(order.confirmed_by);
    const at = order.confirmed_at ? formatWhen(order.confirmed_at) : '';
    text = by && at ? `${by} at ${at}` : by;
  } else if (order.payment_type === 'COD' && order.confirm_key) {
    text = order.reminded_at
      ? `Awaiting the buyer's confirmation (reminder sent ${formatWhen(order.reminded_at)})`
      : "Awaiting the buyer's confirmation";
  }
  if (!text) return null;
  return (
    <p className="mb-3 text-sm font-medium text-ink-soft" data-testid="confirmed-by">
      {text}
    </p>
  );
}
