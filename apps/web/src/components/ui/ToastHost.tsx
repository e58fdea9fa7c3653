import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@courtside/shop';
import { useSyncExternalStore } from 'react';
import { ToastContainer, type ToastContainerProps, type ToastPosition } from 'react-toastify';

/** Spec section 9: 5000 ms, top-right by default (on wide screens), drag-close at 80%. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggablePercent: TOAST_DRAG_PERCENT * 100,
} as const satisfies ToastContainerProps;

/** Where the header has the shop's links and phones' bottom bar is gone (Tailwind's `md`). */
export const WIDE_SCREEN = '(min-width: 768px)';

/**
 * Every toast's one place (D32): on phones at the bottom, just above the bottom bar, where a
 * thumb is; from `md` top right, under the header, beside the cart and the account menu.
 */
export function toastPosition(wide: boolean): ToastPosition {
  return wide ? TOAST_DEFAULTS.position : 'bottom-center';
}

const wideQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN) : null;

function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = wideQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => wideQuery()?.matches ?? false,
    () => false,
  );
}

/** The one toast container, in the shop's look (toasts.css). */
export default function ToastHost() {
  return (
    <ToastContainer
      {...TOAST_DEFAULTS}
      position={toastPosition(useWideScreen())}
      newestOnTop
      theme="light"
    />
  );
}
