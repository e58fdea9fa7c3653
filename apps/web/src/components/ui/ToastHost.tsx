import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@courtside/shop';
import { ToastContainer, type ToastContainerProps } from 'react-toastify';

/** Spec section 9: 5000 ms, top-right by default, drag-close at 80%. */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggablePercent: TOAST_DRAG_PERCENT * 100,
} as const satisfies ToastContainerProps;

/** The one toast container; bottom ones get a class that lifts them over the phone's bottom bar. */
export default function ToastHost() {
  return (
    <ToastContainer
      {...TOAST_DEFAULTS}
      newestOnTop
      theme="light"
      className={(context) =>
        `${context?.defaultClassName ?? ''}${context?.position?.startsWith('bottom') ? ' toasts-above-bar' : ''}`
      }
    />
  );
}
