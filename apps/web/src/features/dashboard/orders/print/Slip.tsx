import type { ReactNode } from 'react';
import {
  addressPartsOf,
  DASHBOARD_STATUS,
  formatPakistaniMobile,
  formatRs,
  isFinalOrderStatus,
  orderSummary,
  paymentLabel,
  shopPhoneText,
  type Order,
  type SummaryLine,
  orderNumberText,
} from '@courtside/shop';
import { dateText } from '../../ui';
import type { Paper } from './paper';
import { useShopFacts } from '../../../../lib/shop-facts';

function Total({
  label,
  children,
  strong,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between gap-3 py-0.5 ${strong ? 'text-[1.1em] font-black' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

/** The pairs: a table on A4, one stacked line each on a receipt. */
function SlipLines({ lines, receipt }: { lines: readonly SummaryLine[]; receipt: boolean }) {
  return receipt ? (
    <ul className="mt-2 border-t border-dashed border-ink pt-1">
      {lines.map((l, i) => (
        <li key={i} className="py-0.5">
          <p>{l.title}</p>
          <p className="flex justify-between">
            <span>
              {l.size !== undefined && `EUR ${l.size} · `}
              {l.quantity} x {formatRs(l.unit)}
            </span>
            <span className="tabular-nums">{formatRs(l.amount)}</span>
          </p>
        </li>
      ))}
    </ul>
  ) : (
    <table className="mt-6 w-full border-collapse text-left">
      <thead>
        <tr className="border-b-2 border-ink">
          <th className="py-2">Item</th>
          <th className="py-2">Size</th>
          <th className="py-2 pl-2 sm:pl-3 text-right">Qty</th>
          <th className="py-2 pl-2 sm:pl-3 text-right">Price</th>
          <th className="py-2 pl-2 sm:pl-3 text-right">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i} className="border-b border-line align-top">
            <td className="py-2 pr-2 font-medium">{l.title}</td>
            <td className="py-2 pr-2 whitespace-nowrap">
              {l.size !== undefined ? `EUR ${l.size}` : '–'}
            </td>
            <td className="py-2 pl-2 sm:pl-3 text-right tabular-nums">{l.quantity}</td>
            <td className="py-2 pl-2 sm:pl-3 text-right whitespace-nowrap tabular-nums">
              {formatRs(l.unit)}
            </td>
            <td className="py-2 pl-2 sm:pl-3 text-right whitespace-nowrap tabular-nums">
              {formatRs(l.amount)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What the courier does at the door: collect the cash of a COD order, nothing for a bank transfer,
 * and never anything for a cancelled or returned order (a slip printed before it was cancelled
 * would otherwise ask for money).
 */
function atTheDoor(order: Order, collect: number): string {
  if (isFinalOrderStatus(order.order_status)) {
    return `Do not collect: this order is ${DASHBOARD_STATUS[order.order_status].label.toLowerCase()}`;
  }
  return collect > 0 ? `Collect cash: ${formatRs(collect)}` : 'Bank transfer: nothing to collect';
}

/**
 * One order's invoice and packing slip: the shop, the customer's address and phone as a courier
 * needs them, the pairs, the totals and what to collect at the door. On A4 the lines are a table;
 * on an 80 mm receipt everything stacks in one narrow column.
 */
export function Slip({ order, paper, page }: { order: Order; paper: Paper; page?: string }) {
  const sum = orderSummary(order);
  const address = addressPartsOf(order);
  const receipt = paper === 'receipt';
  const facts = useShopFacts();
  return (
    <article
      aria-label={`Invoice ${orderNumberText(order.order_number)}`}
      style={page ? { page } : undefined}
      className={`slip slip-${paper} mx-auto mb-6 bg-white text-ink shadow-md ${
        receipt
          ? 'w-[80mm] max-w-full p-[3mm] font-mono text-[11px] leading-snug'
          : 'w-full max-w-[210mm] p-3 text-xs sm:p-10 sm:text-sm'
      }`}
    >
      <header className={receipt ? 'text-center' : 'flex flex-wrap justify-between gap-4'}>
        <div>
          <p
            className={`font-black tracking-tight uppercase ${receipt ? 'text-base' : 'text-2xl'}`}
          >
            {facts.name}
          </p>
          <p>{shopPhoneText(facts)}</p>
          <p>{facts.email}</p>
        </div>
        <div className={receipt ? 'mt-2 border-y border-dashed border-ink py-1' : 'sm:text-right'}>
          <p className="font-bold">Invoice {orderNumberText(order.order_number)}</p>
          <p>{dateText(order.$createdAt)}</p>
          <p>
            {paymentLabel(order.payment_type)} · {DASHBOARD_STATUS[order.order_status]?.label}
          </p>
        </div>
      </header>

      <section className={receipt ? 'mt-2' : 'mt-6'}>
        <h2 className="font-bold uppercase">Ship to</h2>
        <p className="font-semibold">{order.User_name}</p>
        <p>{formatPakistaniMobile(order.phone)}</p>
        <p>{address.street}</p>
        {address.etcaddress && <p>{address.etcaddress}</p>}
        {address.city && <p className="font-semibold">{address.city}</p>}
      </section>

      <SlipLines lines={sum.lines} receipt={receipt} />

      <dl
        className={`ml-auto ${receipt ? 'mt-1 border-t border-dashed border-ink pt-1' : 'mt-4 max-w-72'}`}
      >
        <Total label="Subtotal">{formatRs(sum.subtotal)}</Total>
        {sum.discount && (
          <Total label={`Code ${sum.discount.code}`}>-{formatRs(sum.discount.amount)}</Total>
        )}
        {sum.delivery > 0 && <Total label="Delivery charge">{formatRs(sum.delivery)}</Total>}
        {sum.codFee > 0 && <Total label="Cash on delivery fee">{formatRs(sum.codFee)}</Total>}
        <Total label="Total" strong>
          {formatRs(sum.total)}
        </Total>
      </dl>

      <p
        className={`mt-4 border-2 border-ink p-2 text-center font-black ${receipt ? 'text-sm' : 'text-lg'}`}
      >
        {atTheDoor(order, sum.collect)}
      </p>
      <p className={`text-center ${receipt ? 'mt-2' : 'mt-6'}`}>
        Thank you for shopping with {facts.name}. Questions? WhatsApp{' '}
        {shopPhoneText({ phone: facts.whatsapp })}
      </p>
    </article>
  );
}
