import { configureStore } from '@reduxjs/toolkit';
import { cartRestored, initialCartState, type CartState } from '../entities/cart/cart-slice';
import { reducers, type AppDispatch as EntitiesDispatch } from '../entities/root';
import {
  initialWishlistState,
  wishlistRestored,
  type WishlistState,
} from '../entities/wishlist/wishlist-slice';
import { api } from '../lib/api';
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

/** The client state (entities/root.ts) and its middleware. Toasts are react-toastify's. */
export function makeStore({ asRenderedOnServer = false }: StoreOptions = {}) {
  return configureStore({
    reducer: reducers,
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
export type { RootState } from '../entities/root';
/** The entities' hooks type dispatch without the store (entities/root.ts): this one must fit. */
type Fits<T extends EntitiesDispatch> = T;
export type AppDispatch = Fits<AppStore['dispatch']>;
