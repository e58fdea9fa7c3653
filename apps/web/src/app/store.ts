import { configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import {
  cartRestored,
  cartSlice,
  initialCartState,
  type CartState,
} from '../features/cart/cart-slice';
import {
  initialWishlistState,
  wishlistRestored,
  wishListSlice,
  type WishlistState,
} from '../features/wishlist/wishlist-slice';
import { api } from './api';
import { persistMiddleware } from './persist';

export interface StoreOptions {
  /**
   * Start with an empty cart and wishlist instead of the browser's (docs/architecture.md#speed): a
   * page rendered on the server knows neither, and hydration must see the very state it was
   * rendered with. `restoreBrowserState` brings them in right after.
   */
  asRenderedOnServer?: boolean;
}

const emptyBrowserState = (): { cart: CartState; wishList: WishlistState } => ({
  cart: { items: [], pending: true },
  wishList: { items: [] },
});

/**
 * The client state (docs/shop.md §3): auth, cart and wishList (the latter two kept in the browser);
 * server data lives in the RTK Query cache (`api`). Toasts are react-toastify's.
 */
export function makeStore({ asRenderedOnServer = false }: StoreOptions = {}) {
  return configureStore({
    reducer: {
      [authSlice.name]: authSlice.reducer,
      [cartSlice.name]: cartSlice.reducer,
      [wishListSlice.name]: wishListSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: asRenderedOnServer ? emptyBrowserState() : {},
    middleware: (getDefault) => getDefault().concat(api.middleware, persistMiddleware()),
  });
}

/** The cart and wishlist kept in the browser (docs/shop.md §3), into a store made without them. */
export function restoreBrowserState(store: AppStore): void {
  const cart = initialCartState().items;
  const wishList = initialWishlistState().items;
  store.dispatch(cartRestored(cart));
  if (wishList.length) store.dispatch(wishlistRestored(wishList));
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
