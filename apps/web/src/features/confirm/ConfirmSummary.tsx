import { OrderLineItems } from '../../components/orders/OrderLineItems';
import { formatRs, orderNumberText, type OrderConfirmView } from '@courtside/shop';

/** The order as the link shows it: its pairs and sizes, the money, the cash to pay, the address. */
export function ConfirmSummary({ view }: { view: OrderConfirmView }) {
  const row = (label: string, value: string) => (
    <div className="flex justify-between gap-3 text-ink-soft">
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <section
      aria-label={`Order ${orderNumberText(view.order_number)}`}
      className="rounded-card border border-line bg-card p-5 text-left shadow-sm"
    >
      <h2 className="text-lg font-bold">Order {orderNumberText(view.order_number)}</h2>
      <OrderLineItems lines={view.lines} className="mt-2" />
      <dl className="mt-2 space-y-1.5 border-t border-line pt-3 text-sm">
        {row('Subtotal', formatRs(view.subtotal))}
        {view.discount > 0 && row('Discount', `-${formatRs(view.discount)}`)}
        {row('Delivery charge', view.delivery > 0 ? formatRs(view.delivery) : 'Free')}
        {view.codFee > 0 && row('Cash on delivery fee', formatRs(view.codFee))}
        <div className="flex justify-between border-t border-line pt-2 text-base font-black">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatRs(view.total)}</dd>
        </div>
      </dl>
      <p
        className="mt-3 rounded-xl bg-court-soft px-3 py-2 text-sm text-ink"
        data-testid="cash-to-pay"
      >
        Cash to pay the rider: <strong className="tabular-nums">{formatRs(view.collect)}</strong>
      </p>
      <p className="mt-3 text-sm text-ink-soft">
        <span className="font-semibold text-ink">Deliver to: </span>
        {view.address}
      </p>
    </section>
  );
}
