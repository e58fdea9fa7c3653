import { configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { wishListSlice } from '../features/wishlist/wishlist-slice';
import { api } from './api';
import { persistMiddleware } from './persist';

/**
 * The client state (spec section 3): auth, cart and wishList (the latter two kept in the
 * browser); server data lives in the RTK Query cache (`api`). Toasts are react-toastify's.
 */
export function makeStore() {
  return configureStore({
    reducer: {
      [authSlice.name]: authSlice.reducer,
      [cartSlice.name]: cartSlice.reducer,
      [wishListSlice.name]: wishListSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware, persistMiddleware()),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
