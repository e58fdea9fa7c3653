import { formatRs, hasDiscount, unitPrice } from '@courtside/shop';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/Button';
import { notify } from '../../components/ui/toasts';
import { ids } from '../../config/env';
import { paths } from '../../config/routes';
import { storage } from '../../lib/appwrite';
import { addAllToCart } from '../cart/cart-slice';
import { clearWishlist, selectWishlist, toggleWishlist } from '../wishlist/wishlist-slice';
import { PageHeading } from './AccountLayout';

function thumbnail(fileId: string | undefined): string | null {
  if (!fileId) return null;
  try {
    return storage.getFilePreview(ids.bucket, fileId, 160, 160).toString();
  } catch {
    return null;
  }
}

/** The wishlist (spec section 2): saved products, add all to cart, clear. Kept in the browser. */
export function WishlistPage() {
  const items = useAppSelector(selectWishlist);
  const dispatch = useAppDispatch();
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading>Wishlist</PageHeading>
        {items.length > 0 && (
          <div className="flex gap-2">
            <Button
              variant="secondary"
              onClick={() => {
                dispatch(addAllToCart(items));
                notify.allAddedToCart();
              }}
            >
              Add All To Cart
            </Button>
            <Button variant="ghost" onClick={() => dispatch(clearWishlist())}>
              Clear
            </Button>
          </div>
        )}
      </div>
      {items.length === 0 ? (
        <div className="mt-6 rounded-card border border-dashed border-line p-8 text-center">
          <p className="font-semibold">Wishlist is Empty Now</p>
          <Link to={paths.home} className="mt-2 inline-block text-sm font-semibold underline">
            Go To Shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((p) => {
            const src = thumbnail(p.image);
            const inStock = p.stoke !== 'false';
            return (
              <li
                key={p.$id}
                className="flex gap-3 rounded-card border border-line bg-card p-3 shadow-sm"
              >
                <Link to={paths.product(p.$id)} className="shrink-0">
                  {src ? (
                    <img
                      src={src}
                      alt=""
                      width={80}
                      height={80}
                      loading="lazy"
                      onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                      className="size-20 rounded-xl bg-paper object-cover"
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
                  {!inStock && <p className="text-xs font-semibold text-danger">Out of Stock</p>}
                  <button
                    type="button"
                    onClick={() => {
                      dispatch(toggleWishlist(p));
                      notify.removedFromWishlist();
                    }}
                    className="mt-auto self-start py-1 text-xs font-semibold text-muted underline hover:text-danger"
                  >
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
