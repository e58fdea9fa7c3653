import { formatRs } from '@courtside/shop';
import type { CartChange } from './cart-refresh';

function describe(change: CartChange): string {
  switch (change.kind) {
    case 'price':
      return `${change.title}: the price is now ${formatRs(change.now)} (was ${formatRs(change.was)}).`;
    case 'quantity':
      return `${change.title}: only ${change.now} left, so your quantity is now ${change.now} (was ${change.was}).`;
    case 'sold-out':
      return `${change.title} has sold out and was removed from your cart.`;
    case 'gone':
      return `${change.title} is no longer available and was removed from your cart.`;
  }
}

/**
 * Tells the customer what the cart check changed (use-cart-refresh.ts), in a polite live region
 * that is always there, so a screen reader hears it when it fills.
 */
export function CartChanges({ changes }: { changes: CartChange[] }) {
  return (
    <div role="status" aria-live="polite">
      {changes.length > 0 && (
        <div className="rounded-card border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-bold">Your cart was updated with the shop's latest details:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {changes.map((c) => (
              <li key={`${c.kind}-${c.id}`}>{describe(c)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
