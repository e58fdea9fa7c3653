import type { Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COD_CHECK_PATH, NUMBERS_PATH } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import { guestUser, signedInUser, type SdkUser } from '../support/sdk.js';
import { PROJECT } from '../support/server.js';
import {
  cartLine,
  createProduct,
  ids,
  saveSettings,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * The owner's rules for cash on delivery (docs/shop.md, "Numbers and cash on delivery"), judged
 * inside the order's transaction: blocked numbers, risky ones (when the owner asks), cities and
 * the largest COD order. A refused order reserves nothing; a blocked number cannot dodge with
 * another form of the number or another account; checkout's question answers the same, and a
 * rule changed after it asked wins.
 */

let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld({
    env: { PENDING_PAIRS_PER_CUSTOMER: '100', PENDING_PAIRS_PER_PHONE: '100' },
  });
  await saveSettings(w, { delivery_charge: 0, cod_fee: 0, whatsapp: '0300 7654321' });
});
afterAll(() => w.server.close());

type Buyer = ShopWorld['alice'];
const HINT = 'Please pay in advance by bank transfer, or WhatsApp us at 0300 7654321.';
const refused = (message: string | RegExp) => ({ code: 409, type: 'shop_cod_refused', message });
const NUMBER_REFUSED = `Cash on delivery is not available for this mobile number. ${HINT}`;

const codCheck = (query: Record<string, string>) => {
  const u = new URL(`${w.server.endpoint}${COD_CHECK_PATH}`);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return w.visitor.client.call('get', u) as Promise<Record<string, unknown>>;
};

const block = (phone: string, blocked: boolean, reason = 'Refused at the door') =>
  w.admin.client.call(
    'post',
    new URL(`${w.server.endpoint}${NUMBERS_PATH}`),
    { 'content-type': 'application/json' },
    { phone, blocked, reason },
  );

const move = (id: string, data: Record<string, unknown>) =>
  w.admin.databases.updateDocument(ids.database, ids.orders, id, data);

async function product(price = 5_000, stock = 5) {
  return createProduct(w, { price, disc_price: 0, stock });
}

/** A COD order of one pair at the pair's price (the tests set no delivery charge or fee). */
const order = (who: SdkUser | Buyer, p: Models.Document, over: Record<string, unknown>) =>
  w.placeOrder(who as Buyer, [cartLine(p)], (p as unknown as { price: number }).price, {
    payment_type: 'COD',
    ...over,
  });

/** What a refused order must leave as it was: the pair's stock, the holds, the orders. */
async function snapshot(productId: string) {
  const [p, holds, orders] = await Promise.all([
    w.admin.databases.getDocument(ids.database, ids.products, productId),
    w.admin.databases.listDocuments(ids.database, ids.orderClients),
    w.admin.databases.listDocuments(ids.database, ids.orders),
  ]);
  return { stock: p.stock, sold: p.sold, holds: holds.total, orders: orders.total };
}

/** A parcel refused at the door: shipped with its tracking number, delivered, then returned. */
async function refusedOnce(phone: string) {
  const p = await product();
  const o = await order(w.alice, p, { phone });
  await move(o.$id, { order_status: 'confirmed', courier: 'TCS', tracking_number: '7711223344' });
  await move(o.$id, { order_status: 'completed' });
  await move(o.$id, { order_status: 'returned' });
}

describe('risky numbers', () => {
  it('pay in advance after one refused parcel; nothing is reserved for the refused order', async () => {
    await refusedOnce('0333 1000001');
    const p = await product();
    const before = await snapshot(p.$id);
    await expectError(order(w.bob, p, { phone: '0333 1000001' }), refused(NUMBER_REFUSED));
    expect(await snapshot(p.$id)).toEqual(before);
    expect(await codCheck({ phone: '03331000001', city: 'Lahore', total: '5000' })).toEqual({
      cod: false,
      rule: 'number',
      message: NUMBER_REFUSED,
    });
    // By bank transfer the order is placed.
    expect(await order(w.bob, p, { phone: '0333 1000001', payment_type: 'Bank' })).toMatchObject({
      payment_type: 'Bank',
    });
  });

  it('may pay cash on delivery when the owner turns the rule off', async () => {
    await saveSettings(w, { advance_for_risky: false });
    const p = await product();
    expect(await codCheck({ phone: '0333 1000001', city: 'Lahore', total: '5000' })).toEqual({
      cod: true,
    });
    expect(await order(w.bob, p, { phone: '0333 1000001' })).toMatchObject({ payment_type: 'COD' });
    await saveSettings(w, { advance_for_risky: true });
  });

  it('also counts an order cancelled after it was shipped, not one cancelled before', async () => {
    const p = await product();
    const early = await order(w.alice, p, { phone: '0333 1000002' });
    await move(early.$id, { order_status: 'cancelled' });
    expect(await codCheck({ phone: '0333 1000002', total: '1' })).toEqual({ cod: true });
    const late = await order(w.alice, p, { phone: '0333 1000002' });
    await move(late.$id, { order_status: 'confirmed', courier: 'TCS', tracking_number: '77001' });
    await move(late.$id, { order_status: 'cancelled' });
    expect(await codCheck({ phone: '0333 1000002', total: '1' })).toMatchObject({ cod: false });
  });
});

describe('a blocked number', () => {
  it('cannot dodge with spaces, +92 or 0 forms, or a new account or a guest order', async () => {
    await block('0344 1000001', true);
    const p = await product();
    const before = await snapshot(p.$id);
    const carol = await signedInUser(w.server, 'Carol');
    const guest = await guestUser(w.server);
    const forms = [
      '0344 1000001',
      '+92 344 1000001',
      '+923441000001',
      '923441000001',
      '0344-100-0001',
    ];
    for (const [i, phone] of forms.entries()) {
      const who = [w.alice, carol, guest][i % 3]!;
      await expectError(order(who, p, { phone }), refused(NUMBER_REFUSED));
    }
    expect(await snapshot(p.$id)).toEqual(before);
    // Paying in advance is always open to it; unblocked, COD is offered again.
    expect(await order(guest, p, { phone: '0344 1000001', payment_type: 'Bank' })).toBeTruthy();
    await block('0344 1000001', false);
    expect(await order(carol, p, { phone: '0344 1000001' })).toMatchObject({ payment_type: 'COD' });
  });
});

describe('cities and the largest COD order', () => {
  it('offers COD only in the owner’s cities, however the city is typed', async () => {
    await saveSettings(w, { cod_cities: JSON.stringify(['lahore', 'Dera Ghazi Khan']) });
    const p = await product();
    expect(await order(w.alice, p, { phone: '0355 1000001', city: ' LAHORE ' })).toBeTruthy();
    expect(
      await order(w.alice, p, { phone: '0355 1000001', city: 'dera ghazi-khan' }),
    ).toBeTruthy();
    const before = await snapshot(p.$id);
    await expectError(
      order(w.alice, p, { phone: '0355 1000001', city: 'Quetta' }),
      refused(`Cash on delivery is not offered in Quetta. ${HINT}`),
    );
    expect(await snapshot(p.$id)).toEqual(before);
    await saveSettings(w, { cod_cities: '[]' });
    expect(await order(w.alice, p, { phone: '0355 1000001', city: 'Quetta' })).toBeTruthy();
  });

  it('refuses COD above the largest value, the total with its fee; a rule changed after checkout asked wins', async () => {
    await saveSettings(w, { cod_max_value: 10_000, cod_fee: 200 });
    const p = await product(9_800);
    const fits = await w.placeOrder(w.alice, [cartLine(p)], 10_000, {
      payment_type: 'COD',
      phone: '0366 1000001',
    });
    expect(fits).toMatchObject({ price: 10_000 });
    const dear = await product(9_801);
    await expectError(
      w.placeOrder(w.alice, [cartLine(dear)], 10_001, {
        payment_type: 'COD',
        phone: '0366 1000001',
      }),
      refused(`Cash on delivery is for orders up to Rs.10,000. ${HINT}`),
    );
    // Checkout asked while COD was offered; the owner lowered the limit before Place Order.
    expect(await codCheck({ phone: '0366 1000001', city: 'Lahore', total: '10000' })).toEqual({
      cod: true,
    });
    await saveSettings(w, { cod_max_value: 5_000 });
    const before = await snapshot(p.$id);
    await expectError(
      w.placeOrder(w.alice, [cartLine(p)], 10_000, { payment_type: 'COD', phone: '0366 1000001' }),
      refused(`Cash on delivery is for orders up to Rs.5,000. ${HINT}`),
    );
    expect(await snapshot(p.$id)).toEqual(before);
    await saveSettings(w, { cod_max_value: 0, cod_fee: 0 });
  });
});

describe('the settings', () => {
  it('are refused when wrong: numbers out of range by the schema, the cities in the owner’s words', async () => {
    const bad = (message?: string | RegExp) => ({
      code: 400,
      type: 'document_invalid_structure',
      ...(message ? { message } : {}),
    });
    for (const data of [
      { risky_at_refusals: 0 },
      { trusted_at_deliveries: 101 },
      { cod_max_value: -1 },
      { cod_max_value: 1.5 },
      { advance_for_risky: 'yes' },
    ]) {
      await expectError(saveSettings(w, data), bad());
    }
    await expectError(saveSettings(w, { cod_cities: 'Lahore' }), bad(/list of city names/));
    await expectError(
      saveSettings(w, { cod_cities: '["Lahore", 5]' }),
      bad('Each city needs a name'),
    );
    const saved = await saveSettings(w, { cod_cities: '["  karachi ", "Karachi", "Hunza"]' });
    expect(JSON.parse(saved.cod_cities as string)).toEqual(['Karachi', 'Hunza']);
    await saveSettings(w, { cod_cities: '[]' });
  });
});

describe('checkout’s question', () => {
  it('refuses bad input in words', async () => {
    const bad = { code: 400, type: 'general_argument_invalid' };
    await expectError(codCheck({ city: 'Lahore', total: '100' }), {
      ...bad,
      message: 'Missing required parameter: "phone"',
    });
    await expectError(codCheck({ phone: '12345', total: '100' }), {
      ...bad,
      message: /Enter a Pakistani mobile number/,
    });
    await expectError(codCheck({ phone: '0300 1112223', total: '-1' }), bad);
    await expectError(codCheck({ phone: '0300 1112223', total: 'lots' }), bad);
    await expectError(codCheck({ phone: '0300 1112223' }), bad);
    await expectError(codCheck({ phone: '0300 1112223', total: '1', city: 'x'.repeat(81) }), bad);
  });
});

describe('checkout’s question, rate limited', () => {
  let r: ShopWorld;
  beforeAll(async () => {
    r = await shopWorld({ env: { RATE_LIMITS: 'on', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => r.server.close());

  it('answers sixty times an hour per client address, then 429', async () => {
    const ask = (ip: string) => {
      const u = new URL(`${r.server.endpoint}${COD_CHECK_PATH}`);
      u.searchParams.set('phone', '0300 1112223');
      u.searchParams.set('total', '100');
      return fetch(u, { headers: { 'x-appwrite-project': PROJECT, 'x-forwarded-for': ip } });
    };
    for (let i = 0; i < 60; i++) expect((await ask('203.0.113.9')).status).toBe(200);
    const over = await ask('203.0.113.9');
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ type: 'general_rate_limit_exceeded' });
    expect((await ask('203.0.113.10')).status).toBe(200);
  });
});
