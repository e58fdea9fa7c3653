import { CART_STORAGE_KEY, WISHLIST_STORAGE_KEY } from '@courtside/shop';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { removeStored, writeStored } from '../lib/browser-storage';
import type { CartState } from '../entities/cart/cart-slice';
import type { WishlistState } from '../entities/wishlist/wishlist-slice';

type Persisted = { cart: CartState; wishList: WishlistState };

/**
 * Keeps the cart and the wishlist in the browser under the spec's keys (section 3), writing only
 * when a slice really changed; an emptied cart clears its key (the spec's Reset).
 */
export function persistMiddleware() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (_action, current, previous) => {
      const now = current as Persisted;
      const before = previous as Persisted;
      return now.cart !== before.cart || now.wishList !== before.wishList;
    },
    effect: (_action, api) => {
      const now = api.getState() as Persisted;
      const before = api.getOriginalState() as Persisted;
      if (now.cart !== before.cart) {
        if (now.cart.items.length === 0) removeStored(CART_STORAGE_KEY);
        else writeStored(CART_STORAGE_KEY, now.cart.items);
      }
      if (now.wishList !== before.wishList) writeStored(WISHLIST_STORAGE_KEY, now.wishList.items);
    },
  });
  return listener.middleware;
}
