import {
  shopDay,
  shopMonth,
  STATS_PRODUCTS_ID,
  statsDayId,
  type StatsFields,
} from '@courtside/shop';
import { isAppError } from '../http/errors.js';
import type { TransactionDocuments } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';

/**
 * The dashboard's figures (D7) as counters: one document per day (sign-ups, orders, sales),
 * one per month (orders, sales) and one with the product totals. Each order or sign-up adds to
 * two small documents, so reading the figures costs the same with 100 orders or 100,000.
 * Counters change after the order's transaction commits, in their own transaction, so a
 * busy counter never fails an order; work is queued per process and retried on a conflict.
 */

export interface Delta {
  customers?: number;
  orders?: number;
  sales?: number;
}

const ZERO: Omit<StatsFields, 'kind' | 'period'> = {
  customers: 0,
  orders: 0,
  sales: 0,
  products: 0,
  in_stock: 0,
  out_of_stock: 0,
};

async function bump(
  docs: TransactionDocuments,
  collection: string,
  id: string,
  head: Pick<StatsFields, 'kind' | 'period'>,
  delta: Delta,
) {
  const current = await docs.get(collection, id, { forUpdate: true });
  if (!current) {
    await docs.create(collection, id, { ...head, ...ZERO, ...delta }, []);
    return;
  }
  const next: Record<string, number> = {};
  for (const [key, value] of Object.entries(delta)) {
    next[key] = Number(current[key] ?? 0) + (value ?? 0);
  }
  await docs.update(collection, id, next);
}

export function dayAndMonth(at: Date) {
  const day = shopDay(at);
  const month = shopMonth(at);
  return {
    day: { id: statsDayId(at), head: { kind: 'day' as const, period: day } },
    month: { id: `month-${month}`, head: { kind: 'month' as const, period: month } },
  };
}

export interface Stats {
  /** An order placed (sign +1) or deleted (sign -1), counted on the day it was placed. */
  order(createdAt: string, price: number, sign: 1 | -1): Promise<void>;
  signup(registeredAt: string): Promise<void>;
  recountProducts(): Promise<void>;
  /** Waits for queued counter work (tests, shutdown). */
  idle(): Promise<void>;
}

export function createStats(shop: ShopContext): Stats {
  const collection = shop.ids.stats;
  let queue: Promise<void> = Promise.resolve();

  const run = (label: string, work: (docs: TransactionDocuments) => Promise<void>) => {
    const task = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          await shop.databases.transaction(shop.ids.database, (docs) => work(docs));
          return;
        } catch (e) {
          const conflict = isAppError(e) && e.type === 'document_already_exists';
          if (!conflict || attempt >= 5) {
            shop.log.error({ err: e, label }, 'statistics update failed');
            return;
          }
        }
      }
    };
    queue = queue.then(task);
    return queue;
  };

  return {
    order(createdAt, price, sign) {
      const { day, month } = dayAndMonth(new Date(createdAt));
      const delta = { orders: sign, sales: sign * price };
      return run('order', async (docs) => {
        await bump(docs, collection, day.id, day.head, delta);
        await bump(docs, collection, month.id, month.head, delta);
      });
    },
    signup(registeredAt) {
      const { day } = dayAndMonth(new Date(registeredAt));
      return run('signup', (docs) => bump(docs, collection, day.id, day.head, { customers: 1 }));
    },
    recountProducts() {
      return run('products', (docs) => writeProductTotals(docs, shop));
    },
    idle: () => queue,
  };
}

/** Product totals are counted (a few hundred rows, indexed), so they can never drift. */
export async function writeProductTotals(docs: TransactionDocuments, shop: ShopContext) {
  const count = async (queries: string[]) =>
    (await docs.list(shop.ids.products, [...queries, 'limit(1)'])).total;
  const inStock = await count(['equal("stoke", ["true"])']);
  const outOfStock = await count(['equal("stoke", ["false"])']);
  const totals = { products: inStock + outOfStock, in_stock: inStock, out_of_stock: outOfStock };
  const id = STATS_PRODUCTS_ID;
  const current = await docs.get(shop.ids.stats, id, { forUpdate: true });
  if (current) await docs.update(shop.ids.stats, id, totals);
  else
    await docs.create(
      shop.ids.stats,
      id,
      { ...ZERO, kind: 'products', period: 'all', ...totals },
      [],
    );
}
