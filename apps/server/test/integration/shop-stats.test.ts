import {
  isLiveOrderStatus,
  readOrderLines,
  shopDay,
  shopMonth,
  STATS_PRODUCTS_ID,
} from '@courtside/shop';
import { ID, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { cartLine, ids, OWNER, placeOrder, product } from '../support/shop.js';

/**
 * The dashboard's figures (D7) against the data they describe: sign-ups, orders over days and
 * months of two years (some at the edge of a Pakistan day), concurrent orders, stock running
 * out, products added and removed, an order deleted. The stats documents must equal what is
 * counted again from the orders, accounts and products, with no step in between.
 */

const clock = manualClock(new Date('2025-01-10T08:00:00.000Z'));
let server: TestServer;
let admin: SdkUser;
const customers: { registration: string }[] = [];

const at = (iso: string) => clock.set(new Date(iso));
const newProduct = (over: Record<string, unknown>) =>
  admin.databases.createDocument(ids.database, ids.products, ID.unique(), product(over));

async function customer(name: string) {
  const c = await signedInUser(server, name);
  customers.push({ registration: c.me.registration });
  return c;
}

const buy = (buyer: Awaited<ReturnType<typeof customer>>, p: Models.Document, n = 1) =>
  placeOrder(buyer, [cartLine(p, n)], 15_000 * n);

async function all(collection: string): Promise<Models.Document[]> {
  const out: Models.Document[] = [];
  for (;;) {
    const queries = [Query.limit(100)];
    if (out.length) queries.push(Query.cursorAfter(out.at(-1)!.$id));
    const page = await admin.databases.listDocuments(ids.database, collection, queries);
    out.push(...page.documents);
    if (page.documents.length < 100) return out;
  }
}

/** The figures as the dashboard should show them, counted from the data by this test. */
async function expectedFigures() {
  const figures = new Map<string, Record<string, number>>();
  const bump = (id: string, key: string, by: number) => {
    const row = figures.get(id) ?? {};
    row[key] = (row[key] ?? 0) + by;
    figures.set(id, row);
  };
  for (const c of customers) bump(`day-${shopDay(new Date(c.registration))}`, 'customers', 1);
  for (const o of await all(ids.orders)) {
    // Cancelled and returned orders left the figures (an expired order is cancelled).
    if (!isLiveOrderStatus(o.order_status)) continue;
    const when = new Date(o.$createdAt);
    for (const id of [`day-${shopDay(when)}`, `month-${shopMonth(when)}`]) {
      bump(id, 'orders', 1);
      bump(id, 'sales', Number(o.price));
    }
  }
  const products = await all(ids.products);
  const inStock = products.filter((p) => p.stoke === 'true').length;
  figures.set(STATS_PRODUCTS_ID, {
    products: products.length,
    in_stock: inStock,
    out_of_stock: products.length - inStock,
  });
  return figures;
}

async function storedFigures() {
  const stored = new Map<string, Record<string, number>>();
  for (const doc of await all(ids.stats)) {
    const row: Record<string, number> = {};
    for (const key of ['customers', 'orders', 'sales', 'products', 'in_stock', 'out_of_stock']) {
      if (Number(doc[key])) row[key] = Number(doc[key]);
    }
    if (Object.keys(row).length) stored.set(doc.$id, row);
  }
  return stored;
}

async function expectFiguresMatchData() {
  await server.app.shop!.idle();
  const expected = await expectedFigures();
  const products = expected.get(STATS_PRODUCTS_ID)!;
  for (const key of Object.keys(products)) if (!products[key]) delete products[key];
  expect(Object.fromEntries(await storedFigures())).toEqual(Object.fromEntries(expected));
}

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SESSION_DURATION: String(10 * 365 * 86_400),
      // Two years of orders that stay pending: the figures are the point here, not hoarding.
      PENDING_PAIRS_PER_CUSTOMER: '100',
    },
  });
  admin = sdkUser(server);
  await admin.account.createEmailSession(OWNER.email, OWNER.password);
});
afterAll(() => server.close());

describe('the dashboard figures (D7) equal the data', () => {
  it('after sign-ups, orders over two years, stock running out and products changing', async () => {
    const kd = await newProduct({ title: 'KD 4', stock: 30 });
    const last = await newProduct({ title: 'Last pair', stock: 1 });
    const spare = await newProduct({ title: 'Spare', stock: 0, stoke: 'false' });

    at('2025-01-10T09:00:00.000Z');
    const ayesha = await customer('Ayesha');
    await buy(ayesha, kd);
    at('2025-01-31T19:30:00.000Z'); // already 1 February in Lahore
    const bilal = await customer('Bilal');
    await buy(bilal, kd, 2);
    at('2025-06-15T12:00:00.000Z');
    await buy(ayesha, kd);
    at('2025-12-31T18:59:59.000Z'); // still 31 December in Lahore
    await buy(bilal, kd);
    at('2025-12-31T19:00:00.000Z'); // 1 January 2026 in Lahore
    const sana = await customer('Sana');
    await buy(sana, kd);

    at('2026-03-03T10:00:00.000Z');
    // Orders racing on one day and one month: every one is counted once.
    const buyers = await Promise.all(['Hamza', 'Zara', 'Omar'].map((n) => customer(n)));
    const raced = await Promise.allSettled(
      [...buyers, ayesha, bilal, sana, ...buyers].map((b) => buy(b, kd)),
    );
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(9);
    // The last pair: one order gets it, the product runs out of stock.
    const lastRace = await Promise.allSettled([buy(ayesha, last), buy(bilal, last)]);
    expect(lastRace.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expectFiguresMatchData();

    at('2026-03-04T10:00:00.000Z');
    await admin.databases.updateDocument(ids.database, ids.products, spare.$id, { stock: 4 });
    await admin.databases.updateDocument(ids.database, ids.products, kd.$id, { stoke: 'false' });
    const gone = await newProduct({ title: 'Short-lived' });
    await admin.databases.deleteDocument(ids.database, ids.products, gone.$id);
    const refunded = await buy(sana, spare, 2);
    await admin.databases.deleteDocument(ids.database, ids.orders, refunded.$id);
    await buy(sana, spare);
    await expectFiguresMatchData();
  });

  it('follow pending orders that expire unpaid, cancelled, their pairs back in stock', async () => {
    at('2026-03-05T09:00:00.000Z'); // 48 hours after the day before the March orders
    const before = await all(ids.orders);
    const stockBefore = new Map((await all(ids.products)).map((p) => [p.$id, Number(p.stock)]));
    const expired = await server.app.shop!.expirePendingOrders();
    const after = await all(ids.orders);
    const cutoff = '2026-03-03T09:00:00.000+00:00';
    const gone = before.filter((o) => o.order_status === 'pending' && o.$createdAt < cutoff);
    expect(expired).toBe(gone.length);
    expect(expired).toBe(5); // the five orders of 2025 and January 2026
    // Kept, cancelled by the expiry; the others as they were.
    const expiredIds = new Set(gone.map((o) => o.$id));
    for (const o of after) {
      const was = before.find((b) => b.$id === o.$id)!;
      if (expiredIds.has(o.$id)) {
        expect(o).toMatchObject({ order_status: 'cancelled', cancelled_by: 'expiry' });
      } else expect(o.order_status).toBe(was.order_status);
    }
    // Every expired pair is back on its product (lines of products still in the shop).
    const back = new Map<string, number>();
    for (const o of gone) {
      for (const l of readOrderLines(o.products))
        back.set(l.$id, (back.get(l.$id) ?? 0) + l.quantity);
    }
    for (const p of await all(ids.products)) {
      expect(Number(p.stock), p.$id).toBe((stockBefore.get(p.$id) ?? 0) + (back.get(p.$id) ?? 0));
    }
    await expectFiguresMatchData();
  });

  it('are recounted from the data at start, and put right when a counter was lost', async () => {
    // As a crash between a sign-up and its counter would leave them: one day's figure wrong.
    await server.app.databases.transaction(ids.database, async (docs) => {
      await docs.update(ids.stats, 'day-2026-03-03', { customers: 0, orders: 1, sales: 5 });
      await docs.update(ids.stats, STATS_PRODUCTS_ID, { products: 99 });
      await docs.delete(ids.stats, 'month-2025-06');
    });
    server = await server.restart();
    admin = sdkUser(server);
    await admin.account.createEmailSession(OWNER.email, OWNER.password);
    await expectFiguresMatchData();
  });

  it('count products past the 5,000 a list total stops at', async () => {
    const items = Array.from({ length: 5003 }, (_, i) => ({
      documentId: `${100_000_000 + i}`,
      data: { ...product({ title: `Bulk ${i}` }), stoke: i % 2 ? 'true' : 'false' },
      permissions: [],
    }));
    await server.app.databases.importDocuments!(ids.database, ids.products, items);
    await server.app.shop!.rebuildStats();
    const totals = await admin.databases.getDocument(ids.database, ids.stats, STATS_PRODUCTS_ID);
    const listed = await admin.databases.listDocuments(ids.database, ids.products, [
      Query.limit(1),
    ]);
    expect(listed.total).toBe(5000);
    expect(totals.products).toBe(5003 + 3); // and KD 4, Last pair, Spare
    expect(totals.products).toBe(Number(totals.in_stock) + Number(totals.out_of_stock));
    await expectFiguresMatchData();
  });

  it('keep the current month right with the periodic check', async () => {
    await server.app.databases.transaction(ids.database, (docs) =>
      docs.update(ids.stats, 'month-2026-03', { orders: 0 }),
    );
    at('2026-03-20T10:00:00.000Z');
    await server.app.shop!.stats.reconcile(new Date('2026-02-28T19:00:00.000Z'));
    await expectFiguresMatchData();
  });
});
