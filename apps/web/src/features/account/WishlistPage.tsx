import { formatRs, hasDiscount, isInStock, unitPrice } from '@courtside/shop';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../entities/hooks';
import { Button } from '../../components/ui/Button';
import { notify } from '../../components/ui/toasts';
import { paths } from '../../config/routes';
import { previewUrl } from '../../lib/images';
import { maxQuantity } from '../../entities/cart/cart-lines';
import { addAllToCart, addToCart, selectCartLines } from '../../entities/cart/cart-slice';
import {
  clearWishlist,
  selectWishlist,
  toggleWishlist,
} from '../../entities/wishlist/wishlist-slice';
import { useWishlistCheck } from '../../entities/wishlist/use-wishlist-check';
import { PageHeading } from './AccountLayout';
import { usePageTitle } from '../../lib/page-title';

const thumbnail = (fileId: string | undefined): string | null =>
  fileId ? previewUrl(fileId, 160, 160) : null;

type Saved = ReturnType<typeof selectWishlist>[number];

/** What Add All To Cart did with each saved product (docs/shop.md §4: new, in-stock items only). */
export function addAllOutcome(items: readonly Saved[], inCart: ReadonlySet<string>) {
  const added: Saved[] = [];
  const soldOut: Saved[] = [];
  const already: Saved[] = [];
  for (const p of items) {
    if (inCart.has(p.$id)) already.push(p);
    else if (!isInStock(p)) soldOut.push(p);
    else added.push(p);
  }
  return { added, soldOut, already };
}

const titles = (list: readonly Saved[]) => list.map((p) => p.title).join(', ');

/** The outcome in words; the spec's own text when every item went in. */
export function addAllMessage({ added, soldOut, already }: ReturnType<typeof addAllOutcome>) {
  if (soldOut.length === 0 && already.length === 0) return 'All Items Added to cart';
  const parts = [
    added.length === 0
      ? 'Nothing new was added to your cart.'
      : `Added ${added.length} ${added.length === 1 ? 'item' : 'items'} to your cart.`,
  ];
  if (already.length) parts.push(`Already in your cart: ${titles(already)}.`);
  if (soldOut.length) parts.push(`Sold out, not added: ${titles(soldOut)}.`);
  return parts.join(' ');
}

/** The wishlist (docs/shop.md §2): saved products, add all to cart, clear. Kept in the browser. */
export function WishlistPage() {
  usePageTitle('Wishlist');
  useWishlistCheck();
  const items = useAppSelector(selectWishlist);
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCartLines);
  const [result, setResult] = useState('');
  /** One saved product into the cart, unless every pair left is already there. */
  const addOne = (p: Saved) => {
    const line = cart.find((l) => l.$id === p.$id);
    if (line && line.quantity >= maxQuantity(p)) {
      notify.alreadyInCart();
      return;
    }
    dispatch(addToCart(p));
    notify.productAddedToCart();
  };
  const addAll = () => {
    const inCart = new Set(cart.map((l) => l.$id));
    const outcome = addAllOutcome(items, inCart);
    dispatch(addAllToCart(outcome.added));
    const message = addAllMessage(outcome);
    setResult(message);
    // The toast gives the gist; the page keeps the names of what was left out.
    if (message === 'All Items Added to cart') notify.allAddedToCart();
    else toast.info(message.slice(0, message.indexOf('.') + 1));
  };
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>Wishlist</PageHeading>
        {items.length > 0 && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={addAll}>
              Add All To Cart
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                dispatch(clearWishlist());
                setResult('');
              }}
            >
              Clear
            </Button>
          </div>
        )}
      </div>
      <p role="status" className="mt-2 text-sm text-ink-soft empty:hidden">
        {result}
      </p>
      {items.length === 0 ? (
        <div className="mt-6 rounded-card border border-dashed border-line p-8 text-center">
          <p className="font-semibold">Wishlist is Empty Now</p>
          <Link to={paths.home} className="mt-2 inline-block text-sm font-semibold underline">
            Go To Shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((p) => (
            <SavedItem key={p.$id} p={p} onAdd={() => addOne(p)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One saved product: picture, title, price, Add to cart (in stock only) and Remove. */
function SavedItem({ p, onAdd }: { p: Saved; onAdd: () => void }) {
  const dispatch = useAppDispatch();
  const src = thumbnail(p.image);
  const inStock = isInStock(p);
  return (
    <li className="flex gap-3 rounded-card border border-line bg-card p-3 shadow-sm">
      <Link to={paths.product(p.$id)} className="shrink-0">
        {src ? (
          <img
            src={src}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
            className="size-20 rounded-xl bg-paper object-contain"
          />
        ) : (
          <span className="block size-20 rounded-xl bg-paper" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          to={paths.product(p.$id)}
          className="line-clamp-2 text-sm font-semibold hover:underline"
        >
          {p.title}
        </Link>
        <p className="mt-1 text-sm">
          <span className="font-bold tabular-nums">{formatRs(unitPrice(p))}</span>
          {hasDiscount(p) && (
            <s className="ml-2 text-xs text-muted tabular-nums">{formatRs(p.price)}</s>
          )}
        </p>
        {!inStock && <p className="text-xs font-semibold text-danger">Sold out</p>}
        <div className="mt-auto flex flex-wrap items-center gap-x-4 pt-1">
          {inStock && (
            <button
              type="button"
              aria-label={`Add ${p.title} to cart`}
              onClick={onAdd}
              className="min-h-11 text-xs font-semibold text-court-dark underline hover:text-ink"
            >
              Add to cart
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              dispatch(toggleWishlist(p));
              notify.removedFromWishlist();
            }}
            className="min-h-11 text-xs font-semibold text-muted underline hover:text-danger"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
