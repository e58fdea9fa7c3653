import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ID, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { signedInUser } from '../support/sdk.js';
import {
  allOrders,
  cartLine,
  createProduct,
  ids,
  order,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

let w: ShopWorld;
let p: Models.Document;

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());
beforeEach(async () => {
  p = await createProduct(w, { stock: 2 });
});

const stockOf = async (id: string) => {
  const doc = await w.visitor.databases.getDocument(ids.database, ids.products, id);
  return { stock: doc.stock as number, stoke: doc.stoke as string };
};

describe('placing an order (D2, D3, D4, D16, D18)', () => {
  it('stores it pending, for its customer only, repriced, with the pairs reserved, and mails', async () => {
    const placed = await w.alice.databases.createDocument(
      ids.database,
      ids.orders,
      ID.unique(),
      order(w.alice.me.$id, [cartLine(p, 2)], 30_500, { payment_type: 'COD' }),
      ['read("any")', 'update("users")'],
    );
    expect(placed.$id).toMatch(/^[0-9a-f]{6}$/);
    expect(placed).toMatchObject({
      order_number: placed.$id,
      order_status: 'pending',
      price: 30_500,
      phone: '+923001234567',
      $permissions: [`read("user:${w.alice.me.$id}")`],
    });
    expect(await stockOf(p.$id)).toEqual({ stock: 0, stoke: 'false' });

    const mine = await w.alice.databases.listDocuments(ids.database, ids.orders);
    expect(mine.documents.map((d) => d.$id)).toContain(placed.$id);
    const theirs = await w.bob.databases.listDocuments(ids.database, ids.orders);
    expect(theirs.documents.map((d) => d.$id)).not.toContain(placed.$id);
    await expectError(w.bob.databases.getDocument(ids.database, ids.orders, placed.$id), {
      code: 404,
      type: 'document_not_found',
    });

    await w.server.app.shop?.idle();
    const outbox = join(w.server.dataDir, 'outbox');
    const mails = await Promise.all(
      (await readdir(outbox)).map((f) => readFile(join(outbox, f), 'utf8')),
    );
    const about = mails.filter((m) => m.includes(`#${placed.$id.toUpperCase()}`));
    // The confirmation goes to the address given at checkout (order-mail.ts, orderContacts),
    // counted against its limits: nobody has proven it is the customer's.
    expect(about.some((m) => m.includes('To: ayesha@example.pk'))).toBe(true);
    expect(about.some((m) => m.includes('To: owner@courtside.test'))).toBe(true);
  });

  const forged: [string, (me: string) => Record<string, unknown>, number, string, RegExp][] = [
    [
      'a wrong price',
      (me) => order(me, [cartLine(p)], 100),
      409,
      'shop_price_changed',
      /^Prices changed, please review your cart$/,
    ],
    [
      'the original price',
      (me) => order(me, [cartLine(p)], 20_000),
      409,
      'shop_price_changed',
      /Prices changed/,
    ],
    [
      "someone else's user_id",
      () => order(w.bob.me.$id, [cartLine(p)], 15_000),
      401,
      'user_unauthorized',
      /your own account/,
    ],
    [
      'status completed',
      (me) => order(me, [cartLine(p)], 15_000, { order_status: 'completed' }),
      400,
      'shop_order_invalid',
      /starts as pending/,
    ],
    [
      'an unknown product',
      (me) => order(me, [{ ...cartLine(p), $id: '100000000' }], 15_000),
      400,
      'shop_product_not_found',
      /no longer in the shop/,
    ],
    [
      'more pairs than in stock',
      (me) => order(me, [cartLine(p, 3)], 45_000),
      409,
      'shop_product_sold_out',
      /Only 2 left/,
    ],
    ['quantity 0', (me) => order(me, [cartLine(p, 0)], 0), 400, 'shop_order_invalid', /at least 1/],
    [
      'a NUL character in the name',
      (me) => order(me, [cartLine(p)], 15_000, { User_name: 'Ayesha\u0000Khan' }),
      400,
      'document_invalid_structure',
      /NUL character/,
    ],
    [
      'a NUL character in the address',
      (me) => order(me, [cartLine(p)], 15_000, { address: 'House 12\u0000 city: Lahore' }),
      400,
      'document_invalid_structure',
      /NUL character/,
    ],
    [
      'malformed products JSON',
      (me) => ({ ...order(me, [], 0), products: ['[{"$id"'] }),
      400,
      'shop_order_invalid',
      /cannot be read/,
    ],
  ];

  it.each(forged)('refuses %s and stores nothing', async (_label, data, code, type, message) => {
    const before = (await allOrders(w)).total;
    await expectError(
      w.alice.databases.createDocument(ids.database, ids.orders, ID.unique(), data(w.alice.me.$id)),
      { code, type, message },
    );
    expect((await allOrders(w)).total).toBe(before);
    expect(await stockOf(p.$id)).toEqual({ stock: 2, stoke: 'true' });
  });

  it('asks a visitor to sign in', async () => {
    await expectError(
      w.visitor.databases.createDocument(
        ids.database,
        ids.orders,
        ID.unique(),
        order('x', [cartLine(p)], 15_000),
      ),
      { code: 401, type: 'user_unauthorized', message: 'Please sign in to place an order' },
    );
  });

  it('refuses an out-of-stock product and stores nothing', async () => {
    const gone = await createProduct(w, { stock: 0, stoke: 'false', title: 'Gone' });
    const before = (await allOrders(w)).total;
    await expectError(w.placeOrder(w.alice, [cartLine(gone)], 15_000), {
      code: 409,
      type: 'shop_product_sold_out',
      message: /"Gone" has just sold out/,
    });
    expect((await allOrders(w)).total).toBe(before);
    expect(await stockOf(gone.$id)).toEqual({ stock: 0, stoke: 'false' });
  });

  it('counts a product on two lines together, so they cannot take more pairs than there are', async () => {
    const one = await createProduct(w, { stock: 1, title: 'Last pair' });
    await expectError(w.placeOrder(w.alice, [cartLine(one), cartLine(one)], 30_000), {
      code: 409,
      type: 'shop_product_sold_out',
    });
    expect(await stockOf(one.$id)).toEqual({ stock: 1, stoke: 'true' });
  });

  it('takes an order_status of null as not given: the order starts pending', async () => {
    const placed = await w.placeOrder(w.alice, [cartLine(p)], 15_000, { order_status: null });
    expect(placed.order_status).toBe('pending');
  });
});

describe('order numbers (unique, owned by the server)', () => {
  it('of 10 concurrent orders sending the same number, all are stored under distinct numbers', async () => {
    const stocked = await createProduct(w, { stock: 50, title: 'Plenty' });
    const buyers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signedInUser(w.server, `Numbered ${i}`)),
    );
    const wanted = 'abc123';
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const buyer = buyers[i % buyers.length]!;
        return buyer.databases.createDocument(
          ids.database,
          ids.orders,
          wanted,
          order(buyer.me.$id, [cartLine(stocked)], 15_000, { order_number: wanted }),
        );
      }),
    );
    const numbers = results.map((o) => o.order_number as string);
    expect(new Set(numbers).size).toBe(10);
    for (const o of results) {
      expect(o.$id).toBe(o.order_number);
      expect(o.$id).toMatch(/^[0-9a-f]{6}$/);
    }
    const stored = await w.admin.databases.listDocuments(ids.database, ids.orders, [
      Query.equal('$id', numbers),
    ]);
    expect(stored.total).toBe(10);
    expect(await stockOf(stocked.$id)).toEqual({ stock: 40, stoke: 'true' });
  });

  it('answers alike whether a proposed number is taken or free: the server chooses it', async () => {
    // Noor's order holds a number; Omar proposes it, then one nobody has.
    const [noor, omar] = [
      await signedInUser(w.server, 'Noor'),
      await signedInUser(w.server, 'Omar'),
    ];
    const noors = await w.placeOrder(noor, [cartLine(p)], 15_000);
    const taken = noors.order_number as string;
    const fresh = taken === 'f00d42' ? 'f00d43' : 'f00d42';
    const propose = (number: string) =>
      omar.databases.createDocument(
        ids.database,
        ids.orders,
        number,
        order(omar.me.$id, [cartLine(p)], 15_000, { order_number: number }),
      );
    for (const proposed of [taken, fresh]) {
      const placed = await propose(proposed);
      expect(placed.order_number).not.toBe(proposed);
      expect(placed.order_number).toMatch(/^[0-9a-f]{6}$/);
      expect(placed.$id).toBe(placed.order_number);
      await w.admin.databases.updateDocument(ids.database, ids.orders, placed.$id, {
        order_status: 'cancelled',
      });
    }
    // Omar never learns, nor gets, Noor's order.
    await expect(omar.databases.getDocument(ids.database, ids.orders, taken)).rejects.toMatchObject(
      { code: 404 },
    );
  });
});

describe('the race for a one-off pair (D16)', () => {
  it('of 20 concurrent orders, stores exactly one; the stock never goes below zero', async () => {
    const one = await createProduct(w, { stock: 1, title: 'One-off' });
    const buyers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => signedInUser(w.server, `Buyer ${i}`)),
    );
    const before = (await allOrders(w)).total;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => {
        const buyer = buyers[i % buyers.length]!;
        return w.placeOrder(buyer, [cartLine(one)], 15_000);
      }),
    );
    const stored = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { code: number; type: string; message: string }] : [],
    );
    expect(stored).toHaveLength(1);
    expect(refused.map((e) => [e.code, e.type])).toEqual(
      Array(19).fill([409, 'shop_product_sold_out']),
    );
    expect(refused[0]!.message).toBe(
      'Sorry, "One-off" has just sold out. Please remove it from your cart.',
    );
    expect(await stockOf(one.$id)).toEqual({ stock: 0, stoke: 'false' });
    expect((await allOrders(w)).total).toBe(before + 1);
  });
});
