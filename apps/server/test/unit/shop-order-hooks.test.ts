import { statsDayId, statsMonthId, unitPrice } from '@courtside/shop';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/protocol/errors.js';
import {
  fakeShopSelling,
  line,
  orderData,
  productData,
  refusal,
  type FakeShop,
} from '../support/fake-shop.js';

let t: FakeShop;
let productId = '';

beforeEach(async () => {
  ({ t, productId } = await fakeShopSelling());
});

const stockOf = async () => {
  const p = t.all(t.ids.products).find((d) => d.$id === productId)!;
  return { stock: p.stock, stoke: p.stoke };
};

describe('order create (D2, D3, D4, D16)', () => {
  it('stores a checked order: pending, own-read only, repriced lines, stock reserved, e-mails', async () => {
    const order = await t.alice.create(
      t.ids.orders,
      'a1b2c3',
      orderData('alice', [line(productId, 2)], 30_500, { payment_type: 'COD' }),
    );
    // The server chose the number; the one sent was ignored.
    const number = order.$id;
    expect(number).toMatch(/^[0-9a-f]{6}$/);
    expect(order).toMatchObject({
      order_number: number,
      order_status: 'pending',
      price: 30_500,
      phone: '+923001234567',
      $permissions: ['read("user:alice")'],
    });
    const stored = JSON.parse((order.products as string[])[0]!) as Record<string, unknown>[];
    expect(stored[0]).toMatchObject({ $id: productId, quantity: 2 });
    expect(await stockOf()).toEqual({ stock: 0, stoke: 'false' });
    await t.shop.idle();
    // The order's contacts hear of it (an SMS to its number, an e-mail to its address), and the
    // owner: docs/shop.md#checkout.
    expect(t.sent.map((m) => m.to)).toEqual([
      '+923001234567',
      'ayesha@example.pk',
      'owner@courtside.test',
    ]);
    expect(t.sent[1]!.subject).toBe(`Your Courtside order #${number.toUpperCase()}`);
    expect(t.sent[1]!.text).toContain('Cash on delivery fee: Rs.500');
    expect(t.sent[1]!.text).toContain('Total: Rs.30,500');
    expect(t.sent[2]!.subject).toBe(`New order #${number.toUpperCase()}: Rs.30,500 (COD)`);
    const stats = new Map(t.all(t.ids.stats).map((d) => [d.$id, d]));
    const at = t.clock.now();
    expect(stats.get(statsDayId(at))).toMatchObject({ orders: 1, sales: 30_500 });
    expect(stats.get(statsMonthId(2026, 3))).toMatchObject({ orders: 1, sales: 30_500 });
    expect(stats.get('products')).toMatchObject({ products: 1, in_stock: 0, out_of_stock: 1 });
  });

  it('gives a number of its own whether the one sent is taken, free or not a number', async () => {
    const first = await t.alice.create(
      t.ids.orders,
      'a1b2c3',
      orderData('alice', [line(productId)], 15_000),
    );
    expect(first.$id).not.toBe('a1b2c3');
    const second = await t.alice.create(
      t.ids.orders,
      'a1b2c3',
      orderData('alice', [line(productId)], 15_000),
    );
    expect(second.$id).toMatch(/^[0-9a-f]{6}$/);
    expect(second.$id).not.toBe('a1b2c3');
    expect(second.order_number).toBe(second.$id);
    const third = await refusal(
      t.alice.create(t.ids.orders, 'unique()', orderData('alice', [line(productId)], 15_000)),
    );
    expect(third.type).toBe('shop_product_sold_out');
  });

  const forged: [string, () => Promise<unknown>, string, string][] = [
    [
      'a visitor',
      () => t.guest.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId)], 15_000)),
      'user_unauthorized',
      'Please sign in to place an order',
    ],
    [
      "someone else's user_id",
      () => t.bob.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId)], 15_000)),
      'user_unauthorized',
      'An order can only be placed for your own account',
    ],
    [
      'status completed',
      () =>
        t.alice.create(
          t.ids.orders,
          'a1b2c3',
          orderData('alice', [line(productId)], 15_000, { order_status: 'completed' }),
        ),
      'shop_order_invalid',
      'A new order always starts as pending',
    ],
    [
      'a wrong price',
      () => t.alice.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId)], 100)),
      'shop_price_changed',
      'Prices changed, please review your cart',
    ],
    [
      'the original price instead of the discount',
      () => t.alice.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId)], 20_000)),
      'shop_price_changed',
      'Prices changed',
    ],
    [
      'COD without the fee',
      () =>
        t.alice.create(
          t.ids.orders,
          'a1b2c3',
          orderData('alice', [line(productId)], 15_000, { payment_type: 'COD' }),
        ),
      'shop_price_changed',
      'Prices changed',
    ],
    [
      'an unknown product',
      () =>
        t.alice.create(
          t.ids.orders,
          'a1b2c3',
          orderData('alice', [{ ...line('999999999'), title: 'Ghost' }], 15_000),
        ),
      'shop_product_not_found',
      '"Ghost" is no longer in the shop',
    ],
    [
      'more than in stock',
      () =>
        t.alice.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId, 3)], 45_000)),
      'shop_product_sold_out',
      'Only 2 left',
    ],
    [
      'quantity 0',
      () => t.alice.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId, 0)], 0)),
      'shop_order_invalid',
      'at least 1',
    ],
    [
      'malformed products JSON',
      () =>
        t.alice.create(t.ids.orders, 'a1b2c3', { ...orderData('alice', [], 0), products: ['[{'] }),
      'shop_order_invalid',
      'cannot be read',
    ],
    [
      'an unknown field',
      () =>
        t.alice.create(
          t.ids.orders,
          'a1b2c3',
          orderData('alice', [line(productId)], 15_000, { paid: true }),
        ),
      'shop_order_invalid',
      'no field "paid"',
    ],
    [
      'a bad phone number',
      () =>
        t.alice.create(
          t.ids.orders,
          'a1b2c3',
          orderData('alice', [line(productId)], 15_000, { phone: '12345' }),
        ),
      'shop_order_invalid',
      'Pakistani mobile',
    ],
    [
      'an unknown payment type',
      () =>
        t.alice.create(
          t.ids.orders,
          'a1b2c3',
          orderData('alice', [line(productId)], 15_000, { payment_type: 'Card' }),
        ),
      'shop_order_invalid',
      'payment method',
    ],
  ];

  it.each(forged)(
    'refuses %s, storing nothing and reserving nothing',
    async (_l, run, type, msg) => {
      const e = await refusal(run());
      expect(e.type).toBe(type);
      expect(e.message).toContain(msg);
      expect(t.all(t.ids.orders)).toHaveLength(0);
      expect(await stockOf()).toEqual({ stock: 2, stoke: 'true' });
      await t.shop.idle();
      expect(t.sent).toHaveLength(0);
    },
  );

  /** A product with 10 pairs in stock, and bob's orders of it (paid by bank) by id and pairs. */
  const bobBuying = async () => {
    const p = await t.admin.create(t.ids.products, 'unique()', productData({ stock: 10 }));
    const order = (id: string, quantity: number) =>
      t.bob.create(
        t.ids.orders,
        id,
        orderData('bob', [line(p.$id, quantity)], quantity * unitPrice(p as never), {
          payment_type: 'Bank',
        }),
      );
    return { p, order };
  };

  it('holds no more than 3 pairs per customer in pending orders (no hoarding)', async () => {
    const { p, order } = await bobBuying();
    const first = await order('b0b001', 2);
    const refused = await refusal(order('b0b002', 2));
    expect([refused.type, refused.status, refused.message]).toEqual([
      'shop_too_many_pending',
      409,
      'An order may hold at most 3 pairs until the shop confirms it. You already have 2 pairs in orders the shop has not confirmed yet: please wait for the shop to confirm them, or ask on WhatsApp.',
    ]);
    expect(t.all(t.ids.products).find((d) => d.$id === p.$id)).toMatchObject({ stock: 8 });
    await order('b0b003', 1); // up to the limit
    // Once the shop confirms an order, its pairs no longer count as held.
    await t.admin.update(t.ids.orders, first.$id, { order_status: 'confirmed' });
    await order('b0b004', 2);
    // Other customers are counted apart.
    await t.alice.create(
      t.ids.orders,
      'a11ce1',
      orderData('alice', [line(p.$id, 3)], 3 * unitPrice(p as never), { payment_type: 'Bank' }),
    );
  });

  it('counts again the pairs of a confirmation undone (the tally of held pairs is dropped)', async () => {
    const { order } = await bobBuying();
    const first = await order('b0b011', 2);
    await t.admin.update(t.ids.orders, first.$id, { order_status: 'confirmed' });
    // Over the tally (2 + 2), so counted from the orders: none pending, this one fits.
    await order('b0b012', 2);
    // The owner undoes the confirmation: bob now holds 4 pairs in pending orders.
    await t.admin.update(t.ids.orders, first.$id, { order_status: 'pending' });
    const refused = await refusal(order('b0b013', 1));
    expect([refused.type, refused.message]).toEqual([
      'shop_too_many_pending',
      'An order may hold at most 3 pairs until the shop confirms it. You already have 4 pairs in orders the shop has not confirmed yet: please wait for the shop to confirm them, or ask on WhatsApp.',
    ]);
  });

  it('cancels an unpaid advance-payment order after 48 hours (cancelled_by expiry), its pairs back', async () => {
    const p = await t.admin.create(t.ids.products, 'unique()', productData({ stock: 2 }));
    const price = 2 * unitPrice(p as never);
    const waiting = await t.bob.create(
      t.ids.orders,
      'e0e0e1',
      orderData('bob', [line(p.$id, 2)], price, { payment_type: 'Bank' }),
    );
    const confirmed = await t.alice.create(
      t.ids.orders,
      'e0e0e2',
      orderData('alice', [line(productId, 1)], unitPrice(t.all(t.ids.products)[0] as never), {
        payment_type: 'Bank',
      }),
    );
    await t.admin.update(t.ids.orders, confirmed.$id, { order_status: 'confirmed' });
    const day = () => t.all(t.ids.stats).find((d) => d.$id === statsDayId(t.clock.now()));
    expect(day()).toMatchObject({ orders: 2 });

    t.clock.advance(47 * 3600_000);
    expect(await t.shop.expirePendingOrders()).toBe(0);
    t.clock.advance(2 * 3600_000);
    expect(await t.shop.expirePendingOrders()).toBe(1);
    // Kept, cancelled by the expiry; a confirmed order stays as it was.
    const stored = (id: string) => t.all(t.ids.orders).find((o) => o.$id === id);
    expect(stored(waiting.$id)).toMatchObject({
      order_status: 'cancelled',
      cancelled_by: 'expiry',
    });
    expect(stored(confirmed.$id)).toMatchObject({ order_status: 'confirmed' });
    expect(await t.shop.expirePendingOrders()).toBe(0);
    expect(t.all(t.ids.products).find((d) => d.$id === p.$id)).toMatchObject({
      stock: 2,
      stoke: 'true',
    });
    const orderDay = t
      .all(t.ids.stats)
      .find((d) => d.$id === statsDayId(new Date(waiting.$createdAt)));
    expect(orderDay).toMatchObject({ orders: 1, sales: confirmed.price });
  });

  it('of 20 orders racing for a one-off pair, exactly one is stored', async () => {
    const one = await t.admin.create(
      t.ids.products,
      'unique()',
      productData({ stock: 1, title: 'One-off' }),
    );
    const lineOf = { ...line(one.$id), title: 'One-off' };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? t.alice : t.bob).create(
          t.ids.orders,
          'unique()',
          orderData(i % 2 ? 'alice' : 'bob', [lineOf], 15_000),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((e) => e.message))).toEqual(
      new Set(['Sorry, "One-off" has just sold out. Please remove it from your cart.']),
    );
    const stored = t.all(t.ids.products).find((d) => d.$id === one.$id)!;
    expect(stored).toMatchObject({ stock: 0, stoke: 'false' });
    expect(t.all(t.ids.orders)).toHaveLength(1);
  });
});
