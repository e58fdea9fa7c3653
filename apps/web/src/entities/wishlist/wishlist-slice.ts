import { WISHLIST_STORAGE_KEY, type Product } from '@courtside/shop';
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
    /**
     * The saved copies brought up to date with the shop's products (`checked` ids were asked
     * for): stock and prices as they are now, so a pair sold since shows as sold out.
     */
    wishlistChecked(state, action: PayloadAction<{ products: Product[]; checked: string[] }>) {
      const { products, checked } = action.payload;
      const now = new Map(products.map((p) => [p.$id, p]));
      for (const item of state.items) {
        if (!checked.includes(item.$id)) continue;
        const fresh = now.get(item.$id);
        if (!fresh) {
          item.stoke = 'false';
          item.stock = 0;
          continue;
        }
        Object.assign(item, {
          stoke: fresh.stoke,
          stock: fresh.stock,
          price: fresh.price,
          disc_price: fresh.disc_price,
        });
      }
    },
  },
});

export const { toggleWishlist, clearWishlist, wishlistRestored, wishlistChecked } =
  wishListSlice.actions;

type WithWishlist = { wishList: WishlistState };
export const selectWishlist = (state: WithWishlist) => state.wishList.items;
export const selectInWishlist = (state: WithWishlist, productId: string) =>
  state.wishList.items.some((p) => p.$id === productId);
