import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@courtside/shop';
import { toast, ToastContainer, type ToastOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The one toast container (spec section 9: 5000 ms, top-right by default, drag-close at 80%). */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggablePercent={TOAST_DRAG_PERCENT * 100}
      newestOnTop
      theme="colored"
    />
  );
}

const bottomLeft: ToastOptions = { position: 'bottom-left' };

/** The toasts of spec section 8, with their texts and positions, in one place. */
export const notify = {
  addedToCart: () => toast.success('Added to Cart', bottomLeft),
  addedToWishlist: () => toast.success('Added to WishList', bottomLeft),
  removedFromWishlist: () => toast.info('Removed from WishList', bottomLeft),
  removedFromCart: () => toast.info('Item removed from Cart'),
  cartReset: () => toast.info('Cart has been Reset'),
  allAddedToCart: () => toast.success('All Items Added to cart'),
  productAddedToCart: () => toast.success('This product added to cart'),
  error: (message: string) => toast.error(message),
};
