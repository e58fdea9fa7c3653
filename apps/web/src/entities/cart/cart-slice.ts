import { CART_STORAGE_KEY, subtotal, type CartLine, type Product } from '@courtside/shop';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored } from '../../lib/browser-storage';
import { clampQuantity, maxQuantity, storedCartLines, type CartProduct } from './cart-lines';
import { refreshLines } from './cart-refresh';

export interface CartState {
  items: CartLine[];
  /**
   * On a page rendered on the server, until the browser's own lines are in: the server knows no
   * cart, so "empty" is not yet known to be true.
   */
  pending?: true;
}

export function initialCartState(): CartState {
  return { items: readStored(CART_STORAGE_KEY, storedCartLines) ?? [] };
}

function copyOf(product: CartProduct): CartProduct {
  const { quantity: _ignored, ...fields } = product as CartProduct & { quantity?: number };
  return fields;
}

/**
 * The cart of docs/shop.md §4: adding an item already there raises its quantity by 1, otherwise
 * adds it with 1; decrease stops at 1; quantities never pass the product's stock (D16).
 */
export const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    addToCart(state, action: PayloadAction<CartProduct>) {
      const product = action.payload;
      const line = state.items.find((l) => l.$id === product.$id);
      if (line) line.quantity = clampQuantity(product, line.quantity + 1);
      else if (maxQuantity(product) >= 1) state.items.push({ ...copyOf(product), quantity: 1 });
    },
    /** The product page's picker: adds the chosen quantity to what the cart holds. */
    addQuantityToCart(state, action: PayloadAction<{ product: CartProduct; quantity: number }>) {
      const { product, quantity } = action.payload;
      const line = state.items.find((l) => l.$id === product.$id);
      const wanted = (line?.quantity ?? 0) + Math.max(1, Math.floor(quantity));
      if (line) line.quantity = clampQuantity(product, wanted);
      else if (maxQuantity(product) >= 1)
        state.items.push({ ...copyOf(product), quantity: clampQuantity(product, wanted) });
    },
    increaseQuantity(state, action: PayloadAction<string>) {
      const line = state.items.find((l) => l.$id === action.payload);
      if (line) line.quantity = clampQuantity(line, line.quantity + 1);
    },
    decreaseQuantity(state, action: PayloadAction<string>) {
      const line = state.items.find((l) => l.$id === action.payload);
      if (line) line.quantity = Math.max(1, line.quantity - 1);
    },
    removeFromCart(state, action: PayloadAction<string>) {
      state.items = state.items.filter((l) => l.$id !== action.payload);
    },
    resetCart(state) {
      state.items = [];
    },
    /** The lines kept in the browser, once a server-rendered page has hydrated. */
    cartRestored(state, action: PayloadAction<CartLine[]>) {
      state.items = action.payload;
      delete state.pending;
    },
    /**
     * The lines checked against fresh product documents (`checked`: the ids asked for; one not
     * among `products` is gone): see refreshLines.
     */
    refreshCart(state, action: PayloadAction<{ products: Product[]; checked: string[] }>) {
      const { products, checked } = action.payload;
      state.items = refreshLines(state.items, products, checked).lines;
    },
    /** From the wishlist: only items not already in the cart, each with quantity 1. */
    addAllToCart(state, action: PayloadAction<CartProduct[]>) {
      for (const product of action.payload) {
        if (state.items.some((l) => l.$id === product.$id) || maxQuantity(product) < 1) continue;
        state.items.push({ ...copyOf(product), quantity: 1 });
      }
    },
  },
});

export const {
  addToCart,
  addQuantityToCart,
  increaseQuantity,
  decreaseQuantity,
  removeFromCart,
  resetCart,
  cartRestored,
  addAllToCart,
  refreshCart,
} = cartSlice.actions;

type WithCart = { cart: CartState };
export const selectCartLines = (state: WithCart) => state.cart.items;
export const selectCartPending = (state: WithCart) => state.cart.pending === true;
export const selectCartCount = (state: WithCart) =>
  state.cart.items.reduce((n, line) => n + line.quantity, 0);
export const selectCartSubtotal = (state: WithCart) => subtotal(state.cart.items);
export const selectInCart = (state: WithCart, productId: string) =>
  state.cart.items.some((line) => line.$id === productId);
