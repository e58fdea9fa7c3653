import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Toasts load after the page: react-toastify and its styles stay off the storefront's first load
 * (docs/architecture.md#speed). On the storefront every toast answers something the visitor did,
 * so the container mounts at their first tap, click or key (the code then arrives while the app
 * handles it), or at the first `notify` if that comes sooner: a visitor who only reads never
 * loads it, and a phone's main thread is not taken by it while the page is still settling. The
 * dashboard also raises toasts of its own accord (new orders), so there it mounts when the
 * browser is first idle after the page's load event. Toasts raised before it mounts (also direct
 * `toast()` calls) wait in react-toastify's queue and show once it is there.
 */
const ToastHost = lazy(() => import('./ToastHost'));
/** The first segment of the dashboard's paths (app/routes/dashboard.tsx). */
const DASHBOARD = 'dashboard';
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  listeners.forEach((l) => l());
}

export function Toasts() {
  useEffect(() => {
    if (window.location.pathname.split('/')[1] !== DASHBOARD) {
      const events = ['pointerdown', 'keydown'] as const;
      const first = () => {
        for (const type of events) window.removeEventListener(type, first, true);
        want();
      };
      for (const type of events) window.addEventListener(type, first, true);
      return () => {
        for (const type of events) window.removeEventListener(type, first, true);
      };
    }
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

function show(kind: Kind, text: string) {
  want();
  void import('react-toastify').then(({ toast }) => toast[kind](text));
}

/**
 * The toasts of docs/shop.md §8, with their texts, in one place; all of them, like the
 * dashboard's, show where the container puts them (ToastHost.tsx, D32).
 */
export const notify = {
  addedToCart: () => show('success', 'Added to Cart'),
  addedToWishlist: () => show('success', 'Added to WishList'),
  removedFromWishlist: () => show('info', 'Removed from WishList'),
  removedFromCart: () => show('info', 'Item removed from Cart'),
  cartReset: () => show('info', 'Cart has been Reset'),
  allAddedToCart: () => show('success', 'All Items Added to cart'),
  /** One product added from a list (a wishlist line), as opposed to the product page's own. */
  productAddedToCart: () => show('success', 'This product added to cart'),
  alreadyInCart: () => show('info', 'Already in your cart: every pair left is there'),
  error: (message: string) => show('error', message),
};
