import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { cartSlice } from './cart/cart-slice';
import { authSlice } from './session/auth-slice';
import { wishListSlice } from './wishlist/wishlist-slice';

/**
 * The client state (docs/shop.md §3), one reducer per entity: auth, cart and wishList (the latter
 * two kept in the browser); server data lives in the RTK Query cache (`api`). The app's store
 * (app/store.ts) is made of these.
 */
export const reducers = {
  [authSlice.name]: authSlice.reducer,
  [cartSlice.name]: cartSlice.reducer,
  [wishListSlice.name]: wishListSlice.reducer,
  [api.reducerPath]: api.reducer,
};

export type RootState = { [K in keyof typeof reducers]: ReturnType<(typeof reducers)[K]> };
/** What the store's dispatch takes: actions and thunks (RTK Query's included). */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
