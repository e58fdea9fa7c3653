import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../root';
import { fetchProducts } from '../cart/use-cart-refresh';
import { wishlistChecked } from './wishlist-slice';

/**
 * The wishlist checked against the shop when its page opens: its saved copies are the browser's,
 * so a pair sold since shows as sold out and is not offered for the cart. A failed check leaves
 * the copies as they were (the cart's own check and the server still catch a sold-out pair).
 */
export function useWishlistCheck(): void {
  const store = useStore<RootState>() as Store<RootState>;
  useEffect(() => {
    const checked = store.getState().wishList.items.map((p) => p.$id);
    if (checked.length === 0) return;
    fetchProducts(checked).then(
      (products) => (store.dispatch as AppDispatch)(wishlistChecked({ products, checked })),
      () => undefined,
    );
  }, [store]);
}
