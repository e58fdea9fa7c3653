import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestUser } from '../support/sdk.js';
import { PROJECT } from '../support/server.js';
import { cartLine, createProduct, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/** /track (docs/shop.md §4): an order's way by its number and mobile number, no account. */

let w: ShopWorld;

beforeAll(async () => {
  w = await shopWorld({
    env: {
      TRACK_LOOKUPS_PER_HOUR: '8',
      PENDING_PAIRS_PER_PHONE: '20',
      RATE_LIMITS: 'on',
      TRUST_PROXY: '127.0.0.1',
    },
  });
});
afterAll(() => w.server.close());

/** A lookup as the web app makes it, from client address `ip` (the server trusts the proxy). */
async function track(query: Record<string, string>, ip = '203.0.113.7') {
  const url = new URL(`${w.server.endpoint}/shop/track`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    headers: { 'x-appwrite-project': PROJECT, 'x-forwarded-for': ip },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A guest's COD order with this number. */
async function guestOrder(phone: string) {
  const buyer = await guestUser(w.server);
  const p = await createProduct(w, { stock: 2 });
  return w.placeOrder(buyer, [cartLine(p)], 15_500, { payment_type: 'COD', phone });
}

describe('tracking an order without an account', () => {
  it("shows a guest's order, shipped, with the courier's link, by number and mobile number", async () => {
    const placed = await guestOrder('0345 1112233');
    await w.admin.databases.updateDocument(ids.database, ids.orders, placed.$id, {
      order_status: 'confirmed',
      courier: 'TCS',
      tracking_number: '77665544',
    });
    const { status, body } = await track(
      { order: placed.$id, phone: '0345-111 2233' },
      '203.0.113.1',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      order_number: placed.$id,
      order_status: 'confirmed',
      price: 15_500,
      payment_type: 'COD',
      courier: 'TCS',
      tracking_number: '77665544',
      tracking: { url: 'https://www.tcsexpress.com/track/77665544', direct: true },
    });
    // Nothing of who or where the buyer is.
    expect(JSON.stringify(body)).not.toMatch(/Ayesha|House 12|Lahore|\+92345/);
    // The number as messages and pages print it, in capitals (#A4D2DD), finds it too.
    const printed = await track(
      { order: placed.$id.toUpperCase(), phone: '0345 1112233' },
      '203.0.113.1',
    );
    expect(printed.status).toBe(200);
    expect(printed.body.order_number).toBe(placed.$id);
  });

  it('answers a wrong pair with the same 404 whether the order exists or not', async () => {
    const placed = await guestOrder('0345 9998877');
    const wrongPhone = await track({ order: placed.$id, phone: '0345 0000000' }, '203.0.113.2');
    const noOrder = await track({ order: 'ffffff', phone: '0345 9998877' }, '203.0.113.2');
    const oddNumber = await track({ order: '../x', phone: '0345 9998877' }, '203.0.113.2');
    expect(wrongPhone.status).toBe(404);
    expect(wrongPhone.body.type).toBe('shop_order_not_found');
    const shape = (b: Record<string, unknown>) => ({ ...b });
    expect(shape(noOrder.body)).toEqual(shape(wrongPhone.body));
    expect(shape(oddNumber.body)).toEqual(shape(wrongPhone.body));
    expect([noOrder.status, oddNumber.status]).toEqual([404, 404]);
  });

  it('says clearly when the number is not a mobile number or a parameter is missing', async () => {
    const bad = await track({ order: 'a1b2c3', phone: '12345' }, '203.0.113.3');
    expect(bad).toMatchObject({
      status: 400,
      body: {
        type: 'general_argument_invalid',
        message: 'Enter a Pakistani mobile number, like 03XX XXXXXXX',
      },
    });
    const missing = await track({ order: 'a1b2c3' }, '203.0.113.3');
    expect(missing).toMatchObject({ status: 400, body: { type: 'general_argument_invalid' } });
  });

  it('limits lookups per client address with the protocol’s 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await track({ order: `abc${i}`, phone: '0300 1234567' }, '198.51.100.9')).status,
      );
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(404));
    const refused = await track({ order: 'abc', phone: '0300 1234567' }, '198.51.100.9');
    expect(refused).toMatchObject({ status: 429, body: { type: 'general_rate_limit_exceeded' } });
    // Another address is not held back.
    expect((await track({ order: 'abc', phone: '0300 1234567' }, '198.51.100.10')).status).toBe(
      404,
    );
  });
});
