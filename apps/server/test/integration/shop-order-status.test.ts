import { Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { lastMailTo, readMails } from '../support/outbox.js';
import { cartLine, createProduct, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * An order's statuses (docs/shop.md §4): the transitions of packages/shop/src/order-status.ts,
 * enforced by the server; cancelled and returned orders give their pairs back and leave the
 * figures in the same transaction, exactly once, also when two tabs change them at once.
 */

let w: ShopWorld;

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

async function placed(stock = 2, quantity = 1) {
  const p = await createProduct(w, { stock, price: 15_000, disc_price: 0 });
  const o = await w.placeOrder(w.alice, [cartLine(p, quantity)], 15_000 * quantity, {
    email: w.alice.me.email,
  });
  return { p, o };
}

const setStatus = (o: Models.Document, order_status: string) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, o.$id, { order_status });
const stockOf = async (p: Models.Document) =>
  (await w.admin.databases.getDocument(ids.database, ids.products, p.$id)).stock as number;

/** Every figure the server keeps, by document id. */
async function figures() {
  await w.server.app.shop!.idle();
  const list = await w.admin.databases.listDocuments(ids.database, ids.stats, [Query.limit(500)]);
  return Object.fromEntries(
    list.documents.map((d) => [d.$id, [d.orders, d.sales, d.in_stock, d.out_of_stock]]),
  );
}

/** The counters equal what a count from the data gives (the rebuild counts live orders only). */
async function expectFiguresMatchData() {
  const kept = await figures();
  await w.server.app.shop!.rebuildStats();
  expect(await figures()).toEqual(kept);
  return kept;
}

const refused = (message: string) => ({ code: 400, type: 'shop_order_invalid', message });

describe('order statuses', () => {
  it('refuses a change the state machine does not allow, with a clear message', async () => {
    const { o } = await placed();
    await expectError(
      setStatus(o, 'completed'),
      refused('A pending order cannot be marked complete: it can become confirmed or cancelled'),
    );
    await setStatus(o, 'confirmed');
    await setStatus(o, 'completed');
    await expectError(
      setStatus(o, 'pending'),
      refused('A complete order cannot be marked pending: it can become returned'),
    );
    await expectError(setStatus(o, 'shipped'), { code: 400, type: 'document_invalid_structure' });
    const stored = await w.admin.databases.getDocument(ids.database, ids.orders, o.$id);
    expect(stored.order_status).toBe('completed');
  });

  it('cancelling gives the pairs back and takes the order out of the figures, once', async () => {
    const before = await figures();
    const { p, o } = await placed(1);
    expect(await stockOf(p)).toBe(0);
    await setStatus(o, 'cancelled');
    expect(await stockOf(p)).toBe(1);
    const after = await expectFiguresMatchData();
    // Orders and sales are as before the order; the product is back in stock.
    const day = Object.keys(after).find((k) => k.startsWith('day-'))!;
    expect(after[day]!.slice(0, 2)).toEqual(before[day]?.slice(0, 2) ?? [0, 0]);

    // Final: a cancelled order stays cancelled; deleting it gives nothing back twice.
    await expectError(
      setStatus(o, 'confirmed'),
      refused('A cancelled order cannot be marked confirmed: a cancelled order stays cancelled'),
    );
    await w.admin.databases.deleteDocument(ids.database, ids.orders, o.$id);
    expect(await stockOf(p)).toBe(1);
    await expectFiguresMatchData();
  });

  it('a returned pair goes back on sale', async () => {
    const { p, o } = await placed(1);
    await setStatus(o, 'confirmed');
    await setStatus(o, 'completed');
    expect(await stockOf(p)).toBe(0);
    await setStatus(o, 'returned');
    expect(await stockOf(p)).toBe(1);
    await expectFiguresMatchData();
  });

  it('two tabs cancelling and confirming at once leave one consistent result', async () => {
    for (let round = 0; round < 5; round++) {
      const { p, o } = await placed(2, 2);
      const results = await Promise.allSettled([
        setStatus(o, 'cancelled'),
        setStatus(o, 'confirmed'),
        setStatus(o, 'cancelled'),
      ]);
      expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
      // Whatever the order, cancelled wins (confirmed may still be cancelled, never the reverse)
      // and the two pairs came back exactly once.
      const stored = await w.admin.databases.getDocument(ids.database, ids.orders, o.$id);
      expect(stored.order_status).toBe('cancelled');
      expect(await stockOf(p)).toBe(2);
    }
    await expectFiguresMatchData();
  });

  it('tells the customer when an order is confirmed or cancelled', async () => {
    const { o } = await placed();
    await setStatus(o, 'confirmed');
    await w.server.app.shop!.idle();
    const confirmed = await lastMailTo(w.server.dataDir, w.alice.me.email);
    expect(confirmed.subject).toContain(`#${o.$id.toUpperCase()} is confirmed`);
    expect(confirmed.text).toContain('House 12, Lahore');
    await setStatus(o, 'cancelled');
    await w.server.app.shop!.idle();
    expect((await lastMailTo(w.server.dataDir, w.alice.me.email)).subject).toContain(
      `#${o.$id.toUpperCase()} is cancelled`,
    );
    // Back to pending from confirmed tells the customer nothing.
    const { o: other } = await placed();
    await setStatus(other, 'confirmed');
    await setStatus(other, 'pending');
    await w.server.app.shop!.idle();
    const about = (await readMails(w.server.dataDir)).filter((m) =>
      m.subject.includes(other.$id.toUpperCase()),
    );
    expect(about.map((m) => m.subject).filter((s) => s.includes('is '))).toHaveLength(1);
  });
});
