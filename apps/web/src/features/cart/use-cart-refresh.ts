import type { Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { AppDispatch, RootState } from '../../app/store';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { refreshLines, type CartChange } from './cart-refresh';
import { refreshCart } from './cart-slice';

/** The most ids one list call asks for (the server allows far more; a cart never needs it). */
const CHUNK = 100;

/** The current documents of these products: one list call per 100 ids, `equal("$id", [...])`. */
async function fetchProducts(productIds: string[]): Promise<Product[]> {
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

export interface CartRefresh {
  /** What changed at the last refresh (empty when nothing did). */
  changes: CartChange[];
  refreshing: boolean;
  /** Checks the cart again (checkout calls it when the server answers "Prices changed"). */
  refresh: () => Promise<CartChange[]>;
}

/**
 * Cart lines are the browser's copies of products (spec section 3); the owner may have changed a
 * price, sold the last pair or removed the product since. This checks them against the shop, on
 * mount and whenever `refresh` is called, updates the cart (D9: the customer then pays what the
 * page shows and checkout succeeds) and says what changed. A failed check changes nothing: the
 * server still refuses a wrong total.
 */
export function useCartRefresh({ onMount = true }: { onMount?: boolean } = {}): CartRefresh {
  const store = useStore<RootState>();
  const [changes, setChanges] = useState<CartChange[]>([]);
  const [refreshing, setRefreshing] = useState(false);
  const live = useRef(true);

  const refresh = useCallback(async () => {
    const lines = store.getState().cart.items;
    if (lines.length === 0) return [];
    const checked = lines.map((l) => l.$id);
    setRefreshing(true);
    try {
      const products = await fetchProducts(checked);
      // Judged against the lines as they are now: the customer may have edited the cart meanwhile.
      const now = store.getState().cart.items;
      const { changes: found } = refreshLines(now, products, checked);
      (store.dispatch as AppDispatch)(refreshCart({ products, checked }));
      if (live.current) setChanges(found);
      return found;
    } catch {
      return [];
    } finally {
      if (live.current) setRefreshing(false);
    }
  }, [store]);

  useEffect(() => {
    live.current = true;
    if (onMount) void refresh();
    return () => {
      live.current = false;
    };
  }, [onMount, refresh]);

  return { changes, refreshing, refresh };
}
