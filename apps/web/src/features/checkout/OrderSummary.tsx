import {
  chargesNote,
  formatRs,
  offerLabel,
  priceOrder,
  unitPrice,
  type CartLine,
  type Charges,
  type CodeOffer,
  type PaymentType,
} from '@courtside/shop';
import { DeliveryEstimateRow } from '../../entities/info-page/DeliveryEstimate';

/**
 * The summary of D3: Subtotal, a discount line when a code is applied, Delivery (its
 * charge, or Free when these pairs reach the threshold), a "Cash on delivery fee" line when COD is
 * chosen, and a Total equal to the price the order will store (the shared priceOrder).
 */
export function OrderSummary({
  lines,
  payment,
  code = null,
  charges,
}: {
  lines: readonly CartLine[];
  payment: PaymentType;
  charges: Charges;
  /** The applied code's offer; null without one. */
  code?: CodeOffer | null;
}) {
  const price = priceOrder(lines, payment, charges, code);
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-lg font-bold">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {lines.map((line) => (
          <li key={line.$id} className="flex items-start justify-between gap-3 py-2.5 text-sm">
            <span className="min-w-0">
              <span className="line-clamp-2 font-medium break-words">{line.title}</span>
              <span className="text-muted">
                {line.size ? `EUR ${line.size} · ` : ''}Qty {line.quantity}
              </span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums">
              {formatRs(unitPrice(line) * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-line pt-3 text-sm">
        <Row label="Subtotal" value={formatRs(price.subtotal)} testId="subtotal" />
        {price.discount > 0 && (
          <Row
            label={`Discount code ${code?.code ?? ''} (${code ? offerLabel(code) : ''})`}
            value={`-${formatRs(price.discount)}`}
            testId="discount"
          />
        )}
        <Row
          label="Delivery charge"
          value={price.delivery > 0 ? formatRs(price.delivery) : 'Free'}
          testId="delivery-charge"
        />
        <DeliveryEstimateRow />
        {price.codFee > 0 && (
          <Row label="Cash on delivery fee" value={formatRs(price.codFee)} testId="cod-fee" />
        )}
        <div className="flex justify-between border-t border-line pt-3 text-base font-black">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatRs(price.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted" data-testid="charges-note">
        {chargesNote(charges, price.subtotal)}
      </p>
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between text-ink-soft" data-testid={testId}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
