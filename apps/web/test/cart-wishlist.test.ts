import type { CartLine } from '@courtside/shop';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../src/app/store';
import {
  addAllToCart,
  addQuantityToCart,
  addToCart,
  decreaseQuantity,
  increaseQuantity,
  removeFromCart,
  resetCart,
  selectCartCount,
  selectCartSubtotal,
} from '../src/entities/cart/cart-slice';
import type { CartProduct } from '../src/entities/cart/cart-lines';
import { clearWishlist, toggleWishlist } from '../src/entities/wishlist/wishlist-slice';

const kyrie: CartProduct = {
  $id: '123456789',
  title: 'Kyrie 7',
  price: 20000,
  disc_price: 15000,
  stock: 3,
};
const kobe: CartProduct = {
  $id: '987654321',
  title: 'Kobe 6',
  price: 30000,
  disc_price: 0,
  stock: 1,
};
const soldOut: CartProduct = {
  $id: '555555555',
  title: 'Dame 8',
  price: 9000,
  disc_price: 0,
  stock: 0,
};

/** Imported from the old shop: only the `stoke` flag, no `stock` count. */
const importedSoldOut: CartProduct = {
  $id: '444444444',
  title: 'KD 13',
  price: 12000,
  disc_price: 0,
  stoke: 'false',
};
const importedInStock: CartProduct = { ...importedSoldOut, $id: '333333333', stoke: 'true' };

const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? 'null') as CartLine[] | null;

describe('cart (docs/shop.md §4, D16)', () => {
  beforeEach(() => localStorage.clear());

  it('adds with quantity 1, raises an existing line by 1, never past the stock', () => {
    const store = makeStore();
    store.dispatch(addToCart(kyrie));
    store.dispatch(addToCart(kyrie));
    expect(store.getState().cart.items).toEqual([{ ...kyrie, quantity: 2 }]);
    store.dispatch(addToCart(kyrie));
    store.dispatch(addToCart(kyrie));
    expect(store.getState().cart.items[0]!.quantity).toBe(3);
    store.dispatch(increaseQuantity(kyrie.$id));
    expect(store.getState().cart.items[0]!.quantity).toBe(3);
    store.dispatch(addToCart(soldOut));
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('decrease stops at 1, delete removes the line, totals use the price the page shows', () => {
    const store = makeStore();
    store.dispatch(addQuantityToCart({ product: kyrie, quantity: 2 }));
    store.dispatch(addToCart(kobe));
    expect(selectCartCount(store.getState())).toBe(3);
    expect(selectCartSubtotal(store.getState())).toBe(2 * 15000 + 30000);
    store.dispatch(decreaseQuantity(kyrie.$id));
    store.dispatch(decreaseQuantity(kyrie.$id));
    expect(store.getState().cart.items[0]!.quantity).toBe(1);
    store.dispatch(removeFromCart(kobe.$id));
    expect(store.getState().cart.items.map((l) => l.$id)).toEqual([kyrie.$id]);
  });

  it('is kept under the "cart" key, survives a new store, and Reset clears the key', () => {
    const first = makeStore();
    first.dispatch(addToCart(kobe));
    expect(storedCart()).toEqual([{ ...kobe, quantity: 1 }]);
    const second = makeStore();
    expect(second.getState().cart.items).toEqual([{ ...kobe, quantity: 1 }]);
    second.dispatch(resetCart());
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('ignores a damaged stored cart and repairs bad quantities', () => {
    localStorage.setItem('cart', '{not json');
    expect(makeStore().getState().cart.items).toEqual([]);
    localStorage.setItem(
      'cart',
      JSON.stringify([{ ...kobe, quantity: -4 }, { title: 'no id' }, 7]),
    );
    expect(makeStore().getState().cart.items).toEqual([{ ...kobe, quantity: 1 }]);
  });

  it('adds all wishlist items not already in the cart, each with quantity 1', () => {
    const store = makeStore();
    store.dispatch(addQuantityToCart({ product: kyrie, quantity: 2 }));
    store.dispatch(addAllToCart([kyrie, kobe, soldOut]));
    expect(store.getState().cart.items.map((l) => [l.$id, l.quantity])).toEqual([
      [kyrie.$id, 2],
      [kobe.$id, 1],
    ]);
  });
});

describe('wishlist (docs/shop.md §4)', () => {
  beforeEach(() => localStorage.clear());

  it('toggles a copy of the product, clears, and is kept under the "favourites" key', () => {
    const store = makeStore();
    store.dispatch(toggleWishlist(kyrie));
    store.dispatch(toggleWishlist(kobe));
    store.dispatch(toggleWishlist(kyrie));
    expect(store.getState().wishList.items).toEqual([kobe]);
    expect(JSON.parse(localStorage.getItem('favourites')!)).toEqual([kobe]);
    expect(makeStore().getState().wishList.items).toEqual([kobe]);
    store.dispatch(clearWishlist());
    expect(JSON.parse(localStorage.getItem('favourites')!)).toEqual([]);
  });
});

describe('stock without a count (imported data)', () => {
  it('a product whose stoke says sold out is never added, one by one or from the wishlist', () => {
    const store = makeStore();
    store.dispatch(addToCart(importedSoldOut));
    store.dispatch(addQuantityToCart({ product: importedSoldOut, quantity: 2 }));
    expect(store.getState().cart.items).toEqual([]);
    store.dispatch(addAllToCart([importedSoldOut, importedInStock]));
    expect(store.getState().cart.items.map((l) => l.$id)).toEqual(['333333333']);
  });

  it('one in stock has no cap in the browser (the server checks the order)', () => {
    const store = makeStore();
    store.dispatch(addQuantityToCart({ product: importedInStock, quantity: 7 }));
    store.dispatch(increaseQuantity(importedInStock.$id));
    expect(store.getState().cart.items[0]?.quantity).toBe(8);
  });
});
