import type { Models } from 'appwrite';
import { CONFIRM_BEFORE_SHIPPING_MESSAGE, CONFIRM_MESSAGES } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { confirmCall, linkOf } from '../support/confirm-link.js';
import { expectError } from '../support/expect-error.js';
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
 * The buyer confirms (docs/shop.md, "The buyer confirms"): a cash-on-delivery order's link
 * confirms or cancels it once, while it is pending and its window open; every wrong, expired or
 * used link is refused in the protocol's error shape and changes nothing; the owner's own
 * confirmation and cancellation are recorded; a COD order ships only once confirmed.
 */

const clock = manualClock(new Date('2026-05-01T06:00:00.000Z'));
let w: ShopWorld;
let n = 0;

beforeAll(async () => {
  w = await shopWorld({
    clock,
    env: {
      TRACK_LOOKUPS_PER_HOUR: '40',
      PENDING_PAIRS_PER_PHONE: '100',
      PENDING_PAIRS_PER_CUSTOMER: '100',
      PENDING_PAIRS_PER_ADDRESS: '100',
      RATE_LIMITS: 'on',
      TRUST_PROXY: '127.0.0.1',
    },
  });
});
afterAll(() => w.server.close());

const phone = () => `+92345${String(1_000_000 + n++).slice(1)}0`;

/** A guest's order of one pair (COD unless said), with a fresh number. */
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
const setOrder = (o: Models.Document, data: Record<string, unknown>) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, o.$id, data);

describe('the confirmation key', () => {
  it('is made by the server at random, readable by the buyer, never taken from a client', async () => {
    const { o } = await placed();
    expect(o.confirm_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(o).toMatchObject({ confirmed_by: null, cancelled_by: null, reminded_at: null });
    const p = await createProduct(w, { stock: 3, price: 15_000, disc_price: 0 });
    for (const [key, value] of [
      ['confirm_key', 'my-own-key-0123456789abcdef'],
      ['confirmed_by', 'buyer'],
      ['confirmed_at', '2026-05-01T06:00:00.000Z'],
      ['cancelled_by', 'owner'],
      ['reminded_at', '2026-05-01T06:00:00.000Z'],
    ] as const) {
      await expectError(
        w.placeOrder(w.alice, [cartLine(p)], 15_500, { payment_type: 'COD', [key]: value }),
        { code: 400, type: 'shop_order_invalid', message: `The shop sets "${key}" itself` },
      );
    }
    // Null changes nothing: the server makes the key all the same.
    const nulls = await w.placeOrder(w.alice, [cartLine(p)], 15_500, {
      payment_type: 'COD',
      confirm_key: null,
      confirmed_by: null,
    });
    expect(nulls.confirm_key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(nulls.confirm_key).not.toBe(o.confirm_key);
    // Not even the owner writes it.
    await expectError(setOrder(o, { confirm_key: 'x'.repeat(24) }), {
      code: 400,
      type: 'shop_order_invalid',
    });
    await expectError(setOrder(o, { confirmed_by: 'buyer' }), {
      code: 400,
      type: 'shop_order_invalid',
    });
  });
});

describe('the owner confirms by phone or cancels', () => {
  it('records who and when', async () => {
    const { o } = await placed();
    const confirmed = await setOrder(o, { order_status: 'confirmed' });
    expect(confirmed).toMatchObject({ confirmed_by: 'owner', cancelled_by: null });
    expect(Date.parse(confirmed.confirmed_at as string)).toBe(clock.now().getTime());
    // A confirmation undone forgets who confirmed.
    expect(await setOrder(o, { order_status: 'pending' })).toMatchObject({
      confirmed_by: null,
      confirmed_at: null,
    });
    expect(await setOrder(o, { order_status: 'cancelled' })).toMatchObject({
      order_status: 'cancelled',
      cancelled_by: 'owner',
    });
  });
});

describe('the link', () => {
  it("shows the order's summary: pairs, sizes, total, cash to pay, address, until when", async () => {
    const { o } = await placed();
    const { status, body } = await confirmCall(w, 'GET', linkOf(o), '203.0.113.1');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      order_number: o.$id,
      order_status: 'pending',
      payment_type: 'COD',
      total: 15_500,
      collect: 15_500,
      codFee: 500,
      address: 'House 12, Lahore',
      confirmed_by: null,
      cancelled_by: null,
      shipped: false,
      lines: [{ quantity: 1, amount: 15_000, size: expect.any(Number) as unknown }],
    });
    expect(Date.parse(body.expiresAt as string)).toBe(Date.parse(o.$createdAt) + 12 * 3600_000);
    // Nothing of who the buyer is beyond where it goes.
    expect(JSON.stringify(body)).not.toMatch(/Ayesha|\+92|confirm_key/);
  });

  it('confirms once: confirmed by the buyer, at what time, the buyer told', async () => {
    const { o, number } = await placed();
    const res = await confirmCall(w, 'POST', { ...linkOf(o), action: 'confirm' }, '203.0.113.2');
    expect(res).toMatchObject({
      status: 200,
      body: { order_status: 'confirmed', confirmed_by: 'buyer' },
    });
    const stored = await read(o);
    expect(stored).toMatchObject({ order_status: 'confirmed', confirmed_by: 'buyer' });
    expect(Date.parse(stored.confirmed_at as string)).toBe(clock.now().getTime());
    await w.server.app.shop!.idle();
    expect((await smsTo(w.server.dataDir, number)).at(-1)).toContain('is confirmed');
    // Used again: refused, and it says where the order stands.
    const again = await confirmCall(w, 'POST', { ...linkOf(o), action: 'cancel' }, '203.0.113.2');
    expect(again).toMatchObject({
      status: 409,
      body: {
        type: 'shop_confirm_used',
        message: 'You have already confirmed this order: nothing more to do. We will send it soon.',
      },
    });
    expect((await read(o)).order_status).toBe('confirmed');
    // Reading it still shows the order, confirmed.
    const view = await confirmCall(w, 'GET', linkOf(o), '203.0.113.2');
    expect(view).toMatchObject({ status: 200, body: { order_status: 'confirmed' } });
  });

  it('cancels with the pairs back on sale at once, cancelled by the buyer', async () => {
    const { p, o, number } = await placed();
    expect(await stockOf(p)).toBe(0);
    const res = await confirmCall(w, 'POST', { ...linkOf(o), action: 'cancel' }, '203.0.113.3');
    expect(res).toMatchObject({
      status: 200,
      body: { order_status: 'cancelled', cancelled_by: 'buyer' },
    });
    expect(await stockOf(p)).toBe(1);
    expect(await read(o)).toMatchObject({ order_status: 'cancelled', cancelled_by: 'buyer' });
    await w.server.app.shop!.idle();
    expect((await smsTo(w.server.dataDir, number)).at(-1)).toContain('is cancelled, as you asked');
    const again = await confirmCall(w, 'POST', { ...linkOf(o), action: 'confirm' }, '203.0.113.3');
    expect(again).toMatchObject({ status: 409, body: { type: 'shop_confirm_used' } });
    expect(await stockOf(p)).toBe(1);
  });

  it('answers a wrong key, another order’s key, or no such order with the same 404', async () => {
    const { o } = await placed();
    const { o: other } = await placed();
    const { o: bank } = await placed('Bank');
    const ip = '203.0.113.4';
    const wrong = [
      { order: o.$id, key: 'A'.repeat(24) },
      { order: o.$id, key: other.confirm_key as string },
      { order: 'ffffff', key: o.confirm_key as string },
      { order: '../x', key: o.confirm_key as string },
      { order: o.$id, key: `${o.confirm_key as string}x` },
      { order: o.$id, key: 'short' },
      // An advance-payment order has no link to confirm.
      linkOf(bank),
    ];
    for (const link of wrong) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await confirmCall(w, method, { ...link, action: 'confirm' }, ip);
        expect(res, JSON.stringify(link)).toEqual({
          status: 404,
          body: expect.objectContaining({
            type: 'shop_confirm_not_found',
            message: CONFIRM_MESSAGES.notFound,
          }) as unknown,
        });
      }
    }
    expect(await read(o)).toMatchObject({ order_status: 'pending', confirmed_by: null });
    expect((await read(bank)).order_status).toBe('pending');
  });

  it('says clearly when a part is missing or the action is not one', async () => {
    const { o } = await placed();
    const ip = '203.0.113.5';
    const missing = await confirmCall(w, 'GET', { order: o.$id }, ip);
    expect(missing).toMatchObject({ status: 400, body: { type: 'general_argument_invalid' } });
    const odd = await confirmCall(w, 'POST', { ...linkOf(o), action: 'ship' }, ip);
    expect(odd).toMatchObject({ status: 400, body: { type: 'general_argument_invalid' } });
    expect((await read(o)).order_status).toBe('pending');
  });

  it('is refused once the order is on its way', async () => {
    const { o } = await placed();
    await setOrder(o, { order_status: 'confirmed', courier: 'TCS', tracking_number: '123456' });
    const res = await confirmCall(w, 'POST', { ...linkOf(o), action: 'cancel' }, '203.0.113.6');
    expect(res).toMatchObject({
      status: 409,
      body: {
        type: 'shop_confirm_used',
        message: expect.stringContaining('on its way') as unknown,
      },
    });
    expect((await read(o)).order_status).toBe('confirmed');
  });

  it('expires with its window: a 410 and nothing changed, also before the expiry ran', async () => {
    const { p, o } = await placed();
    clock.advance(12 * 3600_000);
    for (const method of ['GET', 'POST'] as const) {
      const res = await confirmCall(w, method, { ...linkOf(o), action: 'confirm' }, '203.0.113.7');
      expect(res).toMatchObject({
        status: 410,
        body: { type: 'shop_confirm_expired', message: CONFIRM_MESSAGES.expired },
      });
    }
    expect(await read(o)).toMatchObject({ order_status: 'pending', confirmed_by: null });
    expect(await stockOf(p)).toBe(0);
    expect(await w.server.app.shop!.expirePendingOrders()).toBeGreaterThanOrEqual(1);
    expect(await read(o)).toMatchObject({ order_status: 'cancelled', cancelled_by: 'expiry' });
    const after = await confirmCall(w, 'GET', linkOf(o), '203.0.113.7');
    expect(after).toMatchObject({ status: 410, body: { type: 'shop_confirm_expired' } });
  });

  it('limits lookups per client address with the protocol’s 429', async () => {
    const statuses: number[] = [];
    // Reading and acting each have the allowance (TRACK_LOOKUPS_PER_HOUR, 40 here).
    for (const method of ['GET', 'POST'] as const) {
      for (let i = 0; i < 40; i++) {
        const link = { order: `abc${i}`, key: 'B'.repeat(24), action: 'confirm' };
        statuses.push((await confirmCall(w, method, link, '198.51.100.9')).status);
      }
      const link = { order: 'abc', key: 'B'.repeat(24), action: 'confirm' };
      const refused = await confirmCall(w, method, link, '198.51.100.9');
      expect(refused).toMatchObject({ status: 429, body: { type: 'general_rate_limit_exceeded' } });
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    const other = await confirmCall(
      w,
      'GET',
      { order: 'abc', key: 'B'.repeat(24) },
      '198.51.100.10',
    );
    expect(other.status).toBe(404);
  });
});

describe('confirm before shipping (setting confirm_before_shipping, on by default)', () => {
  it('refuses a tracking number on an unconfirmed COD order, with what to do', async () => {
    const { o } = await placed();
    await expectError(setOrder(o, { courier: 'TCS', tracking_number: '778899' }), {
      code: 400,
      type: 'shop_order_invalid',
      message: CONFIRM_BEFORE_SHIPPING_MESSAGE,
    });
    expect((await read(o)).tracking_number).toBeNull();
    // Confirmed (by the buyer's link here), it ships.
    await confirmCall(w, 'POST', { ...linkOf(o), action: 'confirm' }, '203.0.113.8');
    expect(await setOrder(o, { courier: 'TCS', tracking_number: '778899' })).toMatchObject({
      tracking_number: '778899',
    });
    expect(await setOrder(o, { order_status: 'completed' })).toMatchObject({
      order_status: 'completed',
    });
  });

  it('lets the owner confirm by phone and ship in one change, and ship Bank orders as before', async () => {
    const { o } = await placed();
    expect(
      await setOrder(o, { order_status: 'confirmed', courier: 'TCS', tracking_number: '5566' }),
    ).toMatchObject({ confirmed_by: 'owner', tracking_number: '5566' });
    const { o: bank } = await placed('Bank');
    expect(await setOrder(bank, { courier: 'TCS', tracking_number: '5567' })).toMatchObject({
      order_status: 'pending',
    });
  });

  it('is off when the owner turns it off', async () => {
    await saveSettings(w, { confirm_before_shipping: false });
    const { o } = await placed();
    expect(await setOrder(o, { courier: 'TCS', tracking_number: '5568' })).toMatchObject({
      order_status: 'pending',
      tracking_number: '5568',
    });
    await saveSettings(w, { confirm_before_shipping: true });
  });
});
