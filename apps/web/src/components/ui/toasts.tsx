import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts load after the page: react-toastify and its styles stay off the storefront's first load
 * (docs/architecture.md#speed). The container mounts when the browser is first idle after the
 * page's load event, or at the first `notify` if that comes sooner; toasts raised before it mounts
 * (also direct `toast()` calls) wait in react-toastify's queue and show once it is there.
 */
const ToastHost = lazy(() => import('./ToastHost'));
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

export function Toasts() {
  useEffect(() => {
    // After the page has loaded, so the toast library never competes with the first paint.
    let idle: number | undefined;
    const later = () => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(want, { timeout: 2000 });
      else idle = window.setTimeout(want, 0);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  const show = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

type Kind = 'success' | 'info' | 'error';

function show(kind: Kind, text: string, options?: ToastOptions) {
  want();
  void import('react-toastify').then(({ toast }) => toast[kind](text, options));
}

const bottomLeft: ToastOptions = { position: 'bottom-left' };

/** The toasts of docs/shop.md §8, with their texts and positions, in one place. */
export const notify = {
  addedToCart: () => show('success', 'Added to Cart', bottomLeft),
  addedToWishlist: () => show('success', 'Added to WishList', bottomLeft),
  removedFromWishlist: () => show('info', 'Removed from WishList', bottomLeft),
  removedFromCart: () => show('info', 'Item removed from Cart'),
  cartReset: () => show('info', 'Cart has been Reset'),
  allAddedToCart: () => show('success', 'All Items Added to cart'),
  /** One product added from a list (a wishlist line), as opposed to the product page's own. */
  productAddedToCart: () => show('success', 'This product added to cart', bottomLeft),
  alreadyInCart: () => show('info', 'Already in your cart: every pair left is there', bottomLeft),
  error: (message: string) => show('error', message),
};
