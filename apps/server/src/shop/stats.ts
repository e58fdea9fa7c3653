import {
  shopDay,
  shopMonth,
  STATS_PRODUCTS_ID,
  statsDayId,
  type ShopIds,
  type StatsFields,
} from '@courtside/shop';
import type { StoredDocument, TransactionDocuments } from '../modules/databases/contract.js';

/**
 * The dashboard's figures (D7) as counters: one document per day (sign-ups, orders, sales,
 * messages held back),
 * one per month (orders, sales) and one with the product totals. Reading them costs the same
 * with 100 orders or 100,000.
 *
 * Correct by construction: an order or product change adds to its counters inside its own
 * transaction, so they commit or roll back together. Every writer takes the shared side of
 * one named lock first; a reconciliation (stats-rebuild.ts) takes the exclusive side, so it
 * counts from data no writer is still changing, and writers waiting behind it add to what it
 * wrote. Writers lock counter documents in one order (products, then day, then month), so
 * concurrent orders cannot deadlock.
 */
export const STATS_LOCK = 'shop-stats';

export type Counter = Omit<StatsFields, 'kind' | 'period'>;
export type Delta = Partial<Counter>;
export interface CounterDoc {
  id: string;
  head: Pick<StatsFields, 'kind' | 'period'>;
}

export const ZERO: Counter = {
  customers: 0,
  orders: 0,
  sales: 0,
  products: 0,
  in_stock: 0,
  out_of_stock: 0,
  held: 0,
};

export const PRODUCTS_DOC: CounterDoc = {
  id: STATS_PRODUCTS_ID,
  head: { kind: 'products', period: 'all' },
};

export function dayAndMonth(at: Date): { day: CounterDoc; month: CounterDoc } {
  const month = shopMonth(at);
  return {
    day: { id: statsDayId(at), head: { kind: 'day', period: shopDay(at) } },
    month: { id: `month-${month}`, head: { kind: 'month', period: month } },
  };
}

/** Adds `delta` to one counter document, creating it at zero first (the caller holds the lock). */
async function add(docs: TransactionDocuments, collection: string, doc: CounterDoc, delta: Delta) {
  const deltas: Record<string, number> = {};
  for (const [key, value] of Object.entries(delta)) if (value) deltas[key] = value;
  if (Object.keys(deltas).length > 0) {
    await docs.add(collection, doc.id, deltas, { ...doc.head, ...ZERO }, []);
  }
}

/** A product before and after a change; null when it did not exist before or after. */
type ProductState = Readonly<Record<string, unknown>> | null;
export type ProductChange = [before: ProductState, after: ProductState];

/** What a set of product changes does to the totals: in stock means `stoke` "true". */
export function productDelta(changes: readonly ProductChange[]): Delta {
  const delta = { products: 0, in_stock: 0, out_of_stock: 0 };
  const count = (p: ProductState, sign: number) => {
    if (!p) return;
    delta.products += sign;
    if (p.stoke === 'true') delta.in_stock += sign;
    else delta.out_of_stock += sign;
  };
  for (const [before, after] of changes) {
    count(before, -1);
    count(after, 1);
  }
  return delta;
}

/** The counters' writers, each run inside the transaction of the change it counts. */
export function statsCounters(ids: Pick<ShopIds, 'stats'>) {
  const order = async (docs: TransactionDocuments, o: StoredDocument, sign: 1 | -1) => {
    const { day, month } = dayAndMonth(new Date(o.$createdAt));
    const delta = { orders: sign, sales: sign * Number(o.price ?? 0) };
    await docs.lock(STATS_LOCK, 'shared');
    // The day and the month in one statement, as the transaction's last (every order adds to
    // both: on PostgreSQL they are locked only while it commits). The shared lock keeps a
    // reconciliation from deleting them before that.
    await docs.addEachAtCommit(
      ids.stats,
      [day, month].map((d) => [d.id, { ...d.head, ...ZERO }] as const),
      delta,
      [],
    );
  };
  return {
    orderPlaced: (docs: TransactionDocuments, o: StoredDocument) => order(docs, o, 1),
    orderRemoved: (docs: TransactionDocuments, o: StoredDocument) => order(docs, o, -1),
    async productsChanged(docs: TransactionDocuments, changes: readonly ProductChange[]) {
      const delta = productDelta(changes);
      if (!delta.products && !delta.in_stock && !delta.out_of_stock) return;
      await docs.lock(STATS_LOCK, 'shared');
      await add(docs, ids.stats, PRODUCTS_DOC, delta);
    },
    /** Messages the recipient limits held back on `day` (modules/mail), added to its counter. */
    async held(docs: TransactionDocuments, day: CounterDoc, n: number) {
      await docs.lock(STATS_LOCK, 'shared');
      await add(docs, ids.stats, day, { held: n });
    },
    /** A day's sign-ups, as counted from the accounts (a count, so repeating it is harmless). */
    async setCustomers(docs: TransactionDocuments, day: CounterDoc, customers: number) {
      await docs.lock(STATS_LOCK, 'shared');
      const current = await docs.ensure(ids.stats, day.id, { ...day.head, ...ZERO }, []);
      if (Number(current.customers ?? 0) !== customers) {
        await docs.update(ids.stats, day.id, { customers });
      }
    },
  };
}

export type StatsCounters = ReturnType<typeof statsCounters>;
