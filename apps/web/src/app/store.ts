import { configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import { api } from './api';

/**
 * The client state (spec section 3): auth now; cart, wishList and notify join as their
 * features land. Server data lives in the RTK Query cache (`api`).
 */
export function makeStore() {
  return configureStore({
    reducer: {
      [authSlice.name]: authSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
