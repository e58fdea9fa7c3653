import type { Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../root';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { refreshLines, type CartChange } from './cart-refresh';
import { refreshCart } from './cart-slice';

/** The most ids one list call asks for (the server allows far more; a cart never needs it). */
const CHUNK = 100;

/** The current documents of these products: one list call per 100 ids, `equal("$id", [...])`. */
export async function fetchProducts(productIds: string[]): Promise<Product[]> {
  const found: Product[] = [];
  for (let i = 0; i < productIds.length; i += CHUNK) {
    const part = productIds.slice(i, i + CHUNK);
    const res = await databases.listDocuments<Product>(ids.database, ids.products, [
      Query.equal('$id', part),
      Query.limit(part.length),
    ]);
    found.push(...res.documents);
  }
  return found;
}

/**
 * Checks the cart in `store` against the shop and applies what changed; resolves to the changes
 * (none when the cart is empty or the check failed: the server still refuses a wrong total).
 */
async function checkCart(store: Store<RootState>): Promise<CartChange[]> {
  const lines = store.getState().cart.items;
  if (lines.length === 0) return [];
  const checked = lines.map((l) => l.$id);
  try {
    const products = await fetchProducts(checked);
    // Judged against the lines as they are now: the customer may have edited the cart meanwhile.
    const { changes } = refreshLines(store.getState().cart.items, products, checked);
    (store.dispatch as AppDispatch)(refreshCart({ products, checked }));
    return changes;
  } catch {
    return [];
  }
}

export interface CartRefresh {
  /** What changed at the last check (empty when nothing did). */
  changes: CartChange[];
  /** Checks the cart again (checkout calls it when the server answers "Prices changed"). */
  refresh: () => Promise<CartChange[]>;
}

/**
 * Cart lines are the browser's copies of products (docs/shop.md §3); the owner may have changed a
 * price, sold the last pair or removed the product since. This checks them against the shop, on
 * mount and whenever `refresh` is called, updates the cart (D9: the customer then pays what the
 * page shows and checkout succeeds) and says what changed.
 */
export function useCartRefresh({ onMount = true }: { onMount?: boolean } = {}): CartRefresh {
  const store = useStore<RootState>();
  const [changes, setChanges] = useState<CartChange[]>([]);
  const live = useRef(true);

  const refresh = useCallback(async () => {
    const found = await checkCart(store);
    if (live.current) setChanges(found);
    return found;
  }, [store]);

  useEffect(() => {
    live.current = true;
    if (onMount) {
      // A check that finds nothing new (a second mount in development) keeps the notice.
      void checkCart(store).then((found) => {
        if (live.current && found.length > 0) setChanges(found);
      });
    }
    return () => {
      live.current = false;
    };
  }, [onMount, store]);

  return { changes, refresh };
}
