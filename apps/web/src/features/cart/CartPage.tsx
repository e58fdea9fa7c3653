import { formatRs, unitPrice } from '@courtside/shop';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector, useAuth } from '../../entities/hooks';
import { Price } from '../../components/product/Price';
import { ProductImage } from '../../components/product/ProductImage';
import { notify } from '../../components/ui/toasts';
import { paths } from '../../config/routes';
import { usePageTitle } from '../../lib/page-title';
import { QuantityPicker } from '../../components/ui/QuantityPicker';
import { NotAvailable } from '../../components/ui/NotAvailable';
import { maxQuantity } from '../../entities/cart/cart-lines';
import { CartChanges } from '../../entities/cart/CartChanges';
import {
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
  resetCart,
  selectCartLines,
  selectCartPending,
  selectCartSubtotal,
} from '../../entities/cart/cart-slice';
import { useCartRefresh } from '../../entities/cart/use-cart-refresh';

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

/** Cart lines with quantity controls and the order summary of D3 (docs/shop.md §2). */
export function CartPage() {
  const lines = useAppSelector(selectCartLines);
  const pending = useAppSelector(selectCartPending);
  const total = useAppSelector(selectCartSubtotal);
  const { status, checking } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
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
          type="button"
          onClick={() => {
            dispatch(resetCart());
            notify.cartReset();
          }}
          className="hidden rounded-full px-4 py-2 text-sm font-semibold text-danger ring-1 ring-line hover:bg-white sm:inline-flex"
        >
          Delete All Items
        </button>
      </div>
      <CartChanges changes={changes} />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <ul className="divide-y divide-line rounded-card border border-line bg-white">
          {lines.map((line) => (
            <li key={line.$id} className="flex gap-3 p-3 sm:gap-4 sm:p-4">
              <Link
                to={paths.product(line.$id)}
                className="w-20 shrink-0 sm:w-28"
                tabIndex={-1}
                aria-hidden="true"
              >
                <ProductImage
                  fileId={line.image}
                  alt=""
                  sizes="112px"
                  widths={[120, 240]}
                  className="rounded-lg"
                />
              </Link>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      to={paths.product(line.$id)}
                      className="line-clamp-2 font-semibold hover:underline"
                    >
                      {line.title}
                    </Link>
                    {line.size !== undefined && (
                      <p className="text-xs text-muted">EUR {line.size}</p>
                    )}
                  </div>
                  <button
                    type="button"
                    aria-label={`Delete ${line.title}`}
                    onClick={() => {
                      dispatch(removeFromCart(line.$id));
                      notify.removedFromCart();
                    }}
                    className="grid size-9 shrink-0 place-items-center rounded-full text-muted hover:bg-paper hover:text-danger"
                  >
                    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                      <path
                        d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                      />
                    </svg>
                  </button>
                </div>
                {/* The price to pay lines up with the picker, with or without a discount; the
                    struck-through original and the line total hang below it. */}
                <div className="mt-auto flex items-start justify-between gap-2">
                  <QuantityPicker
                    size="sm"
                    label={`Quantity of ${line.title}`}
                    value={line.quantity}
                    max={maxQuantity(line)}
                    onChange={(next) =>
                      dispatch(
                        next > line.quantity
                          ? increaseQuantity(line.$id)
                          : decreaseQuantity(line.$id),
                      )
                    }
                  />
                  <div className="pt-1.5 text-right">
                    <Price product={line} stacked />
                    {line.quantity > 1 && (
                      <p className="text-xs text-muted">
                        {formatRs(unitPrice(line) * line.quantity)} for {line.quantity}
                      </p>
                    )}
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
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
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="font-semibold text-green-700">Free</dd>
            </div>
            <div className="flex justify-between border-t border-line pt-3 text-base">
              <dt className="font-bold">Total</dt>
              <dd className="font-extrabold">{formatRs(total)}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted">
            Cash on delivery adds Rs.500 at checkout; bank transfer adds nothing.
          </p>
          <button
            type="button"
            onClick={() =>
              // Still checking: checkout waits for the lookup and sends a guest to /login.
              navigate(status || checking ? paths.checkout : paths.login)
            }
            className="min-h-11 w-full rounded-full bg-court font-semibold text-white hover:bg-court-dark"
          >
            Check Out
          </button>
        </section>
      </div>
    </div>
  );
}
