import { WISHLIST_STORAGE_KEY } from '@courtside/shop';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored } from '../../lib/browser-storage';
import { isStoredProduct, type CartProduct } from '../cart/cart-lines';

export interface WishlistState {
  items: CartProduct[];
}

function storedWishlist(value: unknown): CartProduct[] | null {
  return Array.isArray(value) ? value.filter(isStoredProduct) : null;
}

export function initialWishlistState(): WishlistState {
  return { items: readStored(WISHLIST_STORAGE_KEY, storedWishlist) ?? [] };
}

/**
 * The wishlist of docs/shop.md §4: a toggle adds or removes a copy of the product; clear empties
 * it.
 */
export const wishListSlice = createSlice({
  name: 'wishList',
  initialState: initialWishlistState,
  reducers: {
    toggleWishlist(state, action: PayloadAction<CartProduct>) {
      const product = action.payload;
      const at = state.items.findIndex((p) => p.$id === product.$id);
      if (at >= 0) state.items.splice(at, 1);
      else {
        const { quantity: _ignored, ...copy } = product as CartProduct & { quantity?: number };
        state.items.push(copy);
      }
    },
    clearWishlist(state) {
      state.items = [];
    },
    /**
     * The items kept in the browser, once a server-rendered page has hydrated
     * (docs/architecture.md#speed).
     */
    wishlistRestored(state, action: PayloadAction<CartProduct[]>) {
      state.items = action.payload;
    },
  },
});

export const { toggleWishlist, clearWishlist, wishlistRestored } = wishListSlice.actions;

type WithWishlist = { wishList: WishlistState };
export const selectWishlist = (state: WithWishlist) => state.wishList.items;
export const selectInWishlist = (state: WithWishlist, productId: string) =>
  state.wishList.items.some((p) => p.$id === productId);
