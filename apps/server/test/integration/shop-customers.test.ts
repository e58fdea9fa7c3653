import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_PATH, type Customer } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import {
  cartLine,
  createProduct,
  ids,
  placeOrder,
  shopWorld,
  subscribeAndReadCode,
  type ShopWorld,
} from '../support/shop.js';

/**
 * The dashboard's Customers: one per mobile number, whoever placed the orders, with orders,
 * pairs, money spent and what became of them; found by part of the phone, the name or the e-mail.
 */

let w: ShopWorld;
type Answer = { total: number; customers: Customer[] };
const customers = (who: ShopWorld['admin'], params: Record<string, string> = {}) => {
  const url = new URL(`${who.client.config.endpoint}${CUSTOMERS_PATH}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return who.client.call('get', url) as Promise<Answer>;
};

beforeAll(async () => {
  w = await shopWorld();
  const p = await createProduct(w, { price: 10_000, disc_price: 0, stock: 20 });
  await subscribeAndReadCode(w, 'sana@example.pk');
  // Alice orders twice with her number (one order cancelled), once more with a second number;
  // Bob orders with Sana's e-mail address on his own number.
  const alice = { User_name: 'Alice Raza', phone: '0301 2345678', email: 'alice@example.pk' };
  await placeOrder(w.alice, [cartLine(p, 2)], 20_000, alice);
  const gone = await placeOrder(w.alice, [cartLine(p)], 10_000, alice);
  await w.admin.databases.updateDocument(ids.database, ids.orders, gone.$id, {
    order_status: 'cancelled',
  });
  await placeOrder(w.alice, [cartLine(p)], 10_000, { ...alice, phone: '+92 321 7654321' });
  await placeOrder(w.bob, [cartLine(p, 3)], 30_000, {
    User_name: 'Sana Malik',
    phone: '0333-1112223',
    email: 'Sana@example.pk',
  });
});
afterAll(() => w.server.close());

describe("the shop's customers", () => {
  it('are one per mobile number, newest order first, with what their orders came to', async () => {
    const { total, customers: list } = await customers(w.admin);
    expect(total).toBe(3);
    expect(list.map((c) => c.phone)).toEqual(['+923331112223', '+923217654321', '+923012345678']);
    expect(list[2]).toMatchObject({
      name: 'Alice Raza',
      email: 'alice@example.pk',
      userId: w.alice.me.$id,
      orders: 2,
      pairs: 3,
      spent: 20_000,
      cancelled: 1,
      delivered: 0,
      subscriber: false,
    });
    expect(list[0]).toMatchObject({ name: 'Sana Malik', pairs: 3, subscriber: true });
  });

  it('are found by part of the phone, the name or the e-mail, a page at a time', async () => {
    const phones = async (search: string) =>
      (await customers(w.admin, { search })).customers.map((c) => c.phone);
    expect(await phones('0301')).toEqual(['+923012345678']);
    expect(await phones('7654')).toEqual(['+923217654321']);
    expect(await phones('sana')).toEqual(['+923331112223']);
    expect(await phones('ALICE@')).toEqual(['+923217654321', '+923012345678']);
    expect(await phones('nobody')).toEqual([]);
    const page = await customers(w.admin, { limit: '1', offset: '1' });
    expect(page).toMatchObject({ total: 3, customers: [{ phone: '+923217654321' }] });
  });

  it('are the owner’s only, and a wrong page is refused in words', async () => {
    for (const who of [w.visitor, w.alice]) {
      await expectError(customers(who), { code: 401, type: 'user_unauthorized' });
    }
    for (const [params, message] of [
      [{ limit: '0' }, /^Invalid `limit` param/],
      [{ limit: '1000' }, /^Invalid `limit` param/],
      [{ offset: '-1' }, /^Invalid `offset` param/],
      [{ search: 'x'.repeat(101) }, /^Invalid `search` param/],
    ] as const) {
      await expectError(customers(w.admin, params), {
        code: 400,
        type: 'general_argument_invalid',
        message,
      });
    }
  });
});
