import { LIVE_ORDER_STATUSES, shopDay, shopMonth, SHOP_UTC_OFFSET_MINUTES } from '@courtside/shop';
import type { TransactionDocuments } from '../modules/databases/contract.js';
import { toIso } from '../tools/dates.js';
import type { ShopContext } from './context.js';
import {
  dayAndMonth,
  PRODUCTS_DOC,
  STATS_LOCK,
  ZERO,
  type Counter,
  type CounterDoc,
  type StatsCounters,
} from './stats.js';
import { Q } from '../protocol/query-builder.js';

/**
 * Counting the figures again from the data: all of them (after the demo seed, for data
 * imported from elsewhere, at start), or the ones from a date on (the periodic check of the
 * current month). Orders and sign-ups are counted per hour by the database (one aggregate
 * each, whatever their number) and put into the shop's days and months here. Counters that
 * already agree are not written.
 */
const PAGE = 5000;

/** The first instant of the shop's month that holds `at` (Pakistan time, UTC+5). */
export function monthStart(at: Date): Date {
  const [year, month] = shopMonth(at).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1) - SHOP_UTC_OFFSET_MINUTES * 60_000);
}

/** The shop's day as the UTC range [from, to) of registration times, in the stored format. */
function dayRange(day: string): [string, string] {
  const start = Date.parse(`${day}T00:00:00.000Z`) - SHOP_UTC_OFFSET_MINUTES * 60_000;
  return [toIso(new Date(start)), toIso(new Date(start + 86_400_000))];
}

/** Sign-ups of customers on one shop day (the owner and other admins are not customers). */
export function customersOn(shop: ShopContext, day: string): Promise<number> {
  const [from, to] = dayRange(day);
  return shop.account.countRegistrations({ from, to, excludingLabel: shop.ids.adminLabel });
}

type Figures = Map<string, { doc: CounterDoc; counter: Counter }>;

function tally(figures: Figures, doc: CounterDoc, delta: Partial<Counter>) {
  const entry = figures.get(doc.id) ?? { doc, counter: { ...ZERO } };
  for (const [key, value] of Object.entries(delta) as [keyof Counter, number][]) {
    entry.counter[key] += value;
  }
  figures.set(doc.id, entry);
}

/**
 * The shop's day and month of a UTC hour bucket ("2026-03-10T21" is 11 March in Lahore). The
 * shop's offset is whole hours, so a UTC date's hours fall on two shop days at most: the
 * answer is worked out once per UTC date and side of the shop's midnight.
 */
const SHOP_MIDNIGHT_UTC_HOUR = 24 - SHOP_UTC_OFFSET_MINUTES / 60;
function bucketer() {
  const memo = new Map<string, ReturnType<typeof dayAndMonth>>();
  return (hour: string) => {
    const key = `${hour.slice(0, 10)}${Number(hour.slice(11, 13)) >= SHOP_MIDNIGHT_UTC_HOUR}`;
    let found = memo.get(key);
    if (!found) memo.set(key, (found = dayAndMonth(new Date(`${hour}:00:00.000Z`))));
    return found;
  };
}

async function countOrders(
  docs: TransactionDocuments,
  shop: ShopContext,
  since: Date | null,
  figures: Figures,
) {
  // Cancelled and returned orders are not sales: only the live ones count.
  const queries = [Q.equal('order_status', [...LIVE_ORDER_STATUSES])];
  if (since) queries.push(Q.greaterThanEqual('$createdAt', toIso(since)));
  const bucket = bucketer();
  for (const { hour, count, sums } of await docs.countByHour(
    shop.ids.orders,
    '$createdAt',
    ['price'],
    queries,
  )) {
    const { day, month } = bucket(hour);
    const delta = { orders: count, sales: sums.price ?? 0 };
    tally(figures, day, delta);
    tally(figures, month, delta);
  }
}

/** The day and month counters stored now (from `since` on), by id. */
async function storedCounters(docs: TransactionDocuments, shop: ShopContext, since: Date | null) {
  const stored = new Map<string, Record<string, unknown>>();
  for (const [kind, from] of [
    ['day', since ? shopDay(since) : null],
    ['month', since ? shopMonth(since) : null],
  ] as const) {
    let cursor: string | null = null;
    for (;;) {
      const queries = [Q.equal('kind', [kind]), Q.limit(PAGE)];
      if (from) queries.push(Q.greaterThanEqual('period', from));
      if (cursor) queries.push(Q.cursorAfter(cursor));
      const page = await docs.list(shop.ids.stats, queries);
      for (const doc of page.documents) stored.set(doc.$id, doc);
      if (page.documents.length < PAGE) break;
      cursor = page.documents[page.documents.length - 1]!.$id;
    }
  }
  return stored;
}

const differs = (stored: Record<string, unknown> | undefined, counter: Partial<Counter>) =>
  !stored || Object.entries(counter).some(([k, v]) => Number(stored[k] ?? 0) !== v);

/** Recounts every figure (`since` null) or those of `since`'s month onwards. */
export async function reconcileStats(shop: ShopContext, since: Date | null): Promise<void> {
  // Sign-ups are read first, outside the transaction (SQLite has one connection); a sign-up
  // landing in between is recounted by its own event right after.
  const signups = await shop.account.registrationsByHour({
    since: since && toIso(since),
    excludingLabel: shop.ids.adminLabel,
  });

  await shop.databases.transaction(shop.ids.database, async (docs) => {
    await docs.lock(STATS_LOCK, 'exclusive');
    const figures: Figures = new Map();
    const bucket = bucketer();
    for (const { hour, n } of signups) tally(figures, bucket(hour).day, { customers: n });
    await countOrders(docs, shop, since, figures);

    const stored = await storedCounters(docs, shop, since);
    for (const { doc, counter } of figures.values()) {
      const now = stored.get(doc.id);
      const wanted =
        doc.head.kind === 'day'
          ? { customers: counter.customers, orders: counter.orders, sales: counter.sales }
          : { orders: counter.orders, sales: counter.sales };
      if (!differs(now, wanted)) continue;
      if (now) await docs.update(shop.ids.stats, doc.id, wanted);
      else await docs.create(shop.ids.stats, doc.id, { ...doc.head, ...ZERO, ...wanted }, []);
    }
    // Counters of periods that have no sign-ups or orders (any more) go; a day's messages held
    // back are not counted from anything else, so a day that has some stays.
    for (const [id, doc] of stored) {
      if (!figures.has(id) && !Number(doc.held ?? 0)) await docs.delete(shop.ids.stats, id);
    }

    const products = await docs.count(shop.ids.products);
    const inStock = await docs.count(shop.ids.products, [Q.equal('stoke', ['true'])]);
    const totals = { products, in_stock: inStock, out_of_stock: products - inStock };
    const current = await docs.ensure(
      shop.ids.stats,
      PRODUCTS_DOC.id,
      { ...PRODUCTS_DOC.head, ...ZERO },
      [],
    );
    if (differs(current, totals)) await docs.update(shop.ids.stats, PRODUCTS_DOC.id, totals);
  });
}

/** Background statistics work of one process: one task at a time, failures logged. */
export function statsKeeper(shop: ShopContext, counters: StatsCounters) {
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  /** Messages held back and not yet counted, by day: an attack's thousands are a few writes. */
  const heldByDay = new Map<string, { day: CounterDoc; n: number }>();
  const run = (label: string, task: () => Promise<void>) => {
    const guarded = () =>
      task().catch((err: unknown) => shop.log.error({ err, label }, 'statistics update failed'));
    queue = queue.then(guarded, guarded);
    return queue;
  };
  const keeper = {
    /** A new account: its day's sign-ups are counted again (queued, after the account commits). */
    signup(registeredAt: string): Promise<void> {
      return run('signup', async () => {
        const { day } = dayAndMonth(new Date(registeredAt));
        const customers = await customersOn(shop, day.head.period);
        await shop.databases.transaction(shop.ids.database, (docs) =>
          counters.setCustomers(docs, day, customers),
        );
      });
    },
    /** A message held back at `at` (modules/mail): counted on its day, many to one write. */
    held(at: Date): Promise<void> {
      const { day } = dayAndMonth(at);
      const entry = heldByDay.get(day.id);
      if (entry) {
        entry.n += 1;
        return queue;
      }
      heldByDay.set(day.id, { day, n: 1 });
      return run('held', async () => {
        const days = [...heldByDay.values()];
        heldByDay.clear();
        await shop.databases.transaction(shop.ids.database, async (docs) => {
          for (const { day: d, n } of days) await counters.held(docs, d, n);
        });
      });
    },
    /** Everything (`since` null) or from `since`'s month on; queued with the sign-ups. */
    reconcile(since: Date | null): Promise<void> {
      return run('reconcile', () => reconcileStats(shop, since));
    },
    /** Checks the current month every `everyMs` until stopped. */
    schedule(everyMs: number): void {
      keeper.stop();
      timer = setInterval(() => {
        void keeper.reconcile(monthStart(shop.clock.now()));
      }, everyMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** Waits for queued work (tests, shutdown). */
    idle: (): Promise<void> => queue,
  };
  return keeper;
}

export type StatsKeeper = ReturnType<typeof statsKeeper>;

/** Every figure counted again from the data (the demo seed, benchmarks, start-up). */
export const rebuildStats = (shop: ShopContext) => reconcileStats(shop, null);
