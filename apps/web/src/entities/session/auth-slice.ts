import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShopUser } from '@courtside/shop';

/**
 * Session state of docs/shop.md §4: status starts false and userData null; `checking` is true until
 * the first current-user lookup has ended, whatever its outcome.
 */
export interface AuthState {
  status: boolean;
  userData: ShopUser | null;
  checking: boolean;
}

const initialState: AuthState = { status: false, userData: null, checking: true };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    login(state, action: PayloadAction<ShopUser>) {
      state.status = true;
      state.userData = action.payload;
      state.checking = false;
    },
    logout(state) {
      state.status = false;
      state.userData = null;
      state.checking = false;
    },
  },
});

export const { login, logout } = authSlice.actions;
