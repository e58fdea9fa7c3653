import type { Models } from 'appwrite';
import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { confirmCall, linkOf } from '../support/confirm-link.js';
import { smsTo } from '../support/outbox.js';
import { guestUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  saveSettings,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * Unconfirmed orders (docs/shop.md, "The buyer confirms"): a cash-on-delivery order nobody
 * confirmed within `confirm_hours` and an advance-payment order unpaid within the hold window
 * are cancelled by the expiry, as the owner's cancel would (pairs back, figures, the buyer told);
 * one reminder SMS goes after `confirm_reminder_hours`; a confirmation racing the expiry ends in
 * one state only.
 */

const HOUR = 3600_000;
const manual = manualClock(new Date('2026-06-01T06:00:00.000Z'));
/** The server's clock; while `ticking`, every look at it moves it on a millisecond. */
let ticking = false;
const clock = {
  ...manual,
  now: () => {
    const t = manual.now();
    if (ticking) manual.advance(1);
    return t;
  },
};
let w: ShopWorld;
let n = 0;

beforeAll(async () => {
  w = await shopWorld({
    clock,
    env: {
      PENDING_PAIRS_PER_PHONE: '100',
      PENDING_PAIRS_PER_CUSTOMER: '100',
      PENDING_PAIRS_PER_ADDRESS: '100',
    },
  });
});
afterAll(() => w.server.close());

const phone = () => `+92300${String(1_000_000 + n++).slice(1)}7`;

async function placed(payment: 'COD' | 'Bank' = 'COD', stock = 1) {
  const p = await createProduct(w, { stock, price: 15_000, disc_price: 0 });
  const buyer = await guestUser(w.server);
  const number = phone();
  const o = await w.placeOrder(buyer, [cartLine(p)], payment === 'COD' ? 15_500 : 15_000, {
    payment_type: payment,
    phone: number,
  });
  return { p, o, number };
}

const read = (o: Models.Document) => w.admin.databases.getDocument(ids.database, ids.orders, o.$id);
const stockOf = async (p: Models.Document) =>
  (await w.admin.databases.getDocument(ids.database, ids.products, p.$id)).stock as number;
const shop = () => w.server.app.shop!;

/** The figures kept equal those counted again from the data. */
async function expectFiguresMatchData() {
  await shop().idle();
  const figures = async () =>
    (await w.admin.databases.listDocuments(ids.database, ids.stats, [Query.limit(500)])).documents
      .map((d) => [d.$id, d.orders, d.sales, d.in_stock, d.out_of_stock])
      // A day whose orders all left the figures counts as no day.
      .filter((row) => row.slice(1).some((v) => Number(v) > 0))
      .sort();
  const kept = await figures();
  await shop().rebuildStats();
  expect(await figures()).toEqual(kept);
}

describe('the expiry', () => {
  it('cancels a COD order unconfirmed after confirm_hours: pairs back, the buyer told', async () => {
    await saveSettings(w, { confirm_hours: 3 });
    const { p, o, number } = await placed();
    const { o: confirmed } = await placed();
    await confirmCall(w, 'POST', { ...linkOf(confirmed), action: 'confirm' });
    clock.advance(3 * HOUR - 1);
    expect(await shop().expirePendingOrders()).toBe(0);
    clock.advance(1);
    expect(await shop().expirePendingOrders()).toBe(1);
    expect(await read(o)).toMatchObject({ order_status: 'cancelled', cancelled_by: 'expiry' });
    expect(await read(confirmed)).toMatchObject({ order_status: 'confirmed' });
    expect(await stockOf(p)).toBe(1);
    await shop().idle();
    const last = (await smsTo(w.server.dataDir, number)).at(-1)!;
    expect(last).toContain('was not confirmed in time, so it is cancelled');
    expect(last).toContain('its pairs are back on sale');
    await expectFiguresMatchData();
    await saveSettings(w, { confirm_hours: 12 });
  });

  it('cancels an unpaid advance-payment order after the hold window, not after 12 hours', async () => {
    const { p, o } = await placed('Bank');
    clock.advance(12 * HOUR);
    await shop().expirePendingOrders();
    expect((await read(o)).order_status).toBe('pending');
    clock.advance(36 * HOUR);
    await shop().expirePendingOrders();
    expect(await read(o)).toMatchObject({ order_status: 'cancelled', cancelled_by: 'expiry' });
    expect(await stockOf(p)).toBe(1);
  });
});

describe('the reminder', () => {
  it('goes once by SMS after confirm_reminder_hours, with the link, to unconfirmed COD orders', async () => {
    const { o, number } = await placed();
    const { o: confirmed, number: confirmedNumber } = await placed();
    const { number: bankNumber } = await placed('Bank');
    await confirmCall(w, 'POST', { ...linkOf(confirmed), action: 'confirm' });
    const texts = async (to: string) => {
      await shop().idle();
      return (await smsTo(w.server.dataDir, to)).filter((t) => t.includes('please confirm'));
    };
    clock.advance(2 * HOUR - 1);
    await shop().remindUnconfirmed();
    expect(await texts(number)).toEqual([]);
    clock.advance(1);
    expect(await shop().remindUnconfirmed()).toBe(1);
    const [reminder, ...more] = await texts(number);
    expect(more).toEqual([]);
    expect(reminder).toContain(`please confirm your order #${o.$id.toUpperCase()}`);
    expect(reminder).toContain('within 10 hours, or it is cancelled');
    expect(reminder).toContain(`/confirm/${o.$id}.${o.confirm_key as string}`);
    expect(Date.parse((await read(o)).reminded_at as string)).toBe(clock.now().getTime());
    // Once only; never to a confirmed order or an advance-payment one.
    clock.advance(HOUR);
    expect(await shop().remindUnconfirmed()).toBe(0);
    expect(await texts(number)).toHaveLength(1);
    expect(await texts(confirmedNumber)).toEqual([]);
    expect(await texts(bankNumber)).toEqual([]);
  });

  it('is never sent when the owner sets it to 0', async () => {
    await saveSettings(w, { confirm_reminder_hours: 0 });
    const { o } = await placed();
    clock.advance(5 * HOUR);
    expect(await shop().remindUnconfirmed()).toBe(0);
    expect((await read(o)).reminded_at).toBeNull();
    await saveSettings(w, { confirm_reminder_hours: 2 });
  });
});

describe('a confirmation racing the expiry', () => {
  it('ends in one state only: confirmed by the buyer or cancelled by the expiry, stock right', async () => {
    // Earlier tests' orders out of the way: only these ten are pending.
    clock.advance(100 * HOUR);
    await shop().expirePendingOrders();
    const orders = await Promise.all(Array.from({ length: 10 }, () => placed()));
    const created = Date.parse(orders[0]!.o.$createdAt);
    // The buyers' confirmations and the expiry, run again and again, all at once; the window
    // closes while they run (time moves on with every look at the clock).
    // About half the confirmations come before the window closes (a few looks at the clock each).
    clock.set(new Date(created + 12 * HOUR - 20));
    ticking = true;
    const answers = orders.map(({ o }, i) =>
      confirmCall(w, 'POST', { ...linkOf(o), action: 'confirm' }, `203.0.113.${100 + i}`),
    );
    const expiry = (async () => {
      let count = 0;
      for (let i = 0; i < 8; i++) count += await shop().expirePendingOrders();
      return count;
    })();
    const [results, expired] = await Promise.all([Promise.all(answers), expiry]);
    ticking = false;
    let confirmedCount = 0;
    for (const [i, { p, o }] of orders.entries()) {
      const stored = await read(o);
      const answer = results[i]!;
      if (stored.order_status === 'confirmed') {
        confirmedCount++;
        expect(answer.status).toBe(200);
        expect(stored).toMatchObject({ confirmed_by: 'buyer', cancelled_by: null });
        expect(await stockOf(p)).toBe(0);
      } else {
        expect(stored).toMatchObject({
          order_status: 'cancelled',
          cancelled_by: 'expiry',
          confirmed_by: null,
        });
        expect([409, 410]).toContain(answer.status);
        expect(await stockOf(p)).toBe(1);
      }
    }
    expect(expired + (await shop().expirePendingOrders())).toBe(10 - confirmedCount);
    await expectFiguresMatchData();
  });
});
