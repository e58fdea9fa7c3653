import { formatRs } from '@courtside/shop';

/** One line of an order as a buyer reads it (order-summary.ts's lines). */
export interface OrderLineItem {
  title: string;
  size?: number | null;
  quantity: number;
  amount: number;
}

/** An order's pairs: title, EUR size and quantity, and what they come to (thanks, /confirm). */
export function OrderLineItems({
  lines,
  className = '',
}: {
  lines: readonly OrderLineItem[];
  className?: string;
}) {
  return (
    <ul className={`divide-y divide-line text-sm ${className}`}>
      {lines.map((l, i) => (
        <li key={i} className="flex justify-between gap-3 py-2">
          <span className="min-w-0 break-words">
            {l.title}{' '}
            <span className="text-muted">
              {l.size ? `EUR ${l.size} · ` : ''}x{l.quantity}
            </span>
          </span>
          <span className="shrink-0 font-semibold tabular-nums">{formatRs(l.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
