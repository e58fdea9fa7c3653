import {
  cartWhatsappText,
  chargesNote,
  deliveryCharge,
  formatRs,
  holdLimitRule,
  shopWhatsappLink,
} from '@courtside/shop';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useAuth } from '../../entities/hooks';
import { notify } from '../../components/ui/toasts';
import { paths, withNext } from '../../config/routes';
import { usePageTitle } from '../../lib/page-title';
import { useSiteUrl } from '../../lib/site';
import { useShopFacts } from '../../lib/shop-facts';
import { WhatsAppButton } from '../../components/ui/WhatsAppButton';
import { NotAvailable } from '../../components/ui/NotAvailable';
import { ConfirmPanel } from '../../components/ui/ConfirmPanel';
import { CartChanges } from '../../entities/cart/CartChanges';
import {
  resetCart,
  selectCartLines,
  selectCartPending,
  selectCartSubtotal,
} from '../../entities/cart/cart-slice';
import { useCartRefresh } from '../../entities/cart/use-cart-refresh';
import { useHoldLimitQuery } from '../../entities/cart/hold-limit-api';
import { useChargesQuery } from '../../entities/shop/charges-api';
import { CartLine } from './CartLine';

/**
 * The cart as the server renders it, and as the page hydrates, before the browser's lines are in:
 * the empty message, unless the page's head script saw lines in the browser (styles.css,
 * `data-cart`), when a placeholder holds their place instead.
 */
function CartArriving({ empty }: { empty: ReactNode }) {
  return (
    <>
      <div data-cart-stored aria-busy="true" className="space-y-6">
        <h1 className="text-3xl font-black tracking-tight">Your Cart</h1>
        <div className="h-64 animate-pulse rounded-card bg-slate-100" />
      </div>
      <div data-cart-empty>{empty}</div>
    </>
  );
}

/**
 * The order summary (D3): subtotal, the delivery charge (free only when these pairs reach the
 * shop's threshold), total before the payment's fee, the charges in words, the way to checkout,
 * and the cart as a WhatsApp message for those who would rather order in a chat.
 */
function CartSummary({ count, total }: { count: number; total: number }) {
  const { status, checking } = useAuth();
  const navigate = useNavigate();
  const lines = useAppSelector(selectCartLines);
  const siteUrl = useSiteUrl();
  // The shop's hold limit, checked here so a cart over it hears the rule before checkout.
  const { data: limit } = useHoldLimitQuery();
  const over = limit !== undefined && count > limit;
  const { data: charges } = useChargesQuery();
  const facts = useShopFacts();
  const delivery = charges ? deliveryCharge(total, charges) : null;
  return (
    <section
      aria-labelledby="summary"
      className="space-y-4 rounded-card border border-line bg-white p-5 lg:sticky lg:top-20"
    >
      <h2 id="summary" className="text-lg font-bold">
        Order Summary
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>
            Subtotal ({count} {count === 1 ? 'item' : 'items'})
          </dt>
          <dd className="font-semibold">{formatRs(total)}</dd>
        </div>
        <div className="flex justify-between" data-testid="delivery-charge">
          <dt>Delivery charge</dt>
          {delivery === null ? (
            <dd className="text-muted">…</dd>
          ) : delivery === 0 ? (
            <dd className="font-semibold text-green-700">Free</dd>
          ) : (
            <dd className="font-semibold">{formatRs(delivery)}</dd>
          )}
        </div>
        <div className="flex justify-between border-t border-line pt-3 text-base">
          <dt className="font-bold">Total</dt>
          <dd data-keep-clear className="font-extrabold" data-testid="cart-total">
            {formatRs(total + (delivery ?? 0))}
          </dd>
        </div>
      </dl>
      {/* Two lines kept for the note at any width, so it arrives without moving the buttons. */}
      <p className="min-h-8 text-xs text-muted" data-testid="charges-note">
        {charges ? chargesNote(charges, total) : ''}
      </p>
      {over && (
        <p
          role="alert"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {holdLimitRule(limit)} Take {count - limit === 1 ? '1 pair' : `${count - limit} pairs`}{' '}
          out to check out, or order this cart on WhatsApp.
        </p>
      )}
      <button
        type="button"
        disabled={over}
        onClick={() =>
          // Still checking: checkout waits for the lookup and sends a guest to /login.
          navigate(status || checking ? paths.checkout : withNext(paths.login, paths.checkout))
        }
        className="min-h-11 w-full rounded-full bg-court font-semibold text-white hover:bg-court-dark disabled:cursor-not-allowed disabled:opacity-50"
      >
        Check Out
      </button>
      <WhatsAppButton
        href={shopWhatsappLink(
          facts,
          cartWhatsappText(lines, (id) => siteUrl(paths.product(id)), charges),
        )}
        className="w-full"
      >
        Order this cart on WhatsApp
      </WhatsAppButton>
    </section>
  );
}

/** Cart lines with quantity controls and the order summary of D3 (docs/shop.md §2). */
export function CartPage() {
  const lines = useAppSelector(selectCartLines);
  const pending = useAppSelector(selectCartPending);
  const total = useAppSelector(selectCartSubtotal);
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const deleteAll = useRef<HTMLButtonElement>(null);
  usePageTitle('Cart');
  // The lines are the browser's copies: checked against the shop each time the cart opens (D9).
  const { changes } = useCartRefresh();
  if (lines.length === 0) {
    const empty = <NotAvailable text="Your Cart is Empty" />;
    if (pending) return <CartArriving empty={empty} />;
    return (
      <>
        <CartChanges changes={changes} />
        {empty}
      </>
    );
  }
  const count = lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <div className="space-y-6">
      <div className="flex items-end justify-between gap-4">
        <h1 className="text-3xl font-black tracking-tight">Your Cart</h1>
        <button
          ref={deleteAll}
          type="button"
          aria-expanded={asking}
          onClick={() => setAsking(true)}
          className="hidden rounded-full px-4 py-2 text-sm font-semibold text-danger ring-1 ring-line hover:bg-white sm:inline-flex"
        >
          Delete All Items
        </button>
      </div>
      {asking && (
        // Emptying the cart cannot be undone: asked first, in the page.
        <ConfirmPanel
          label="Delete all items"
          confirm="Delete all"
          cancel="Keep them"
          onCancel={() => {
            setAsking(false);
            deleteAll.current?.focus();
          }}
          onConfirm={() => {
            setAsking(false);
            dispatch(resetCart());
            notify.cartReset();
          }}
        >
          Delete {count === 1 ? 'the pair' : `all ${count} pairs`} from your cart?
        </ConfirmPanel>
      )}
      <CartChanges changes={changes} />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="divide-y divide-line rounded-card border border-line bg-white">
          {lines.map((line) => (
            <CartLine key={line.$id} line={line} />
          ))}
        </ul>
        <CartSummary count={count} total={total} />
      </div>
    </div>
  );
}
