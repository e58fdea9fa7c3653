import { statsDayId, unitPrice } from '@courtside/shop';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeShop,
  fakeShopSelling,
  line,
  orderData,
  productData,
  refusal,
  type FakeShop,
} from '../support/fake-shop.js';

/** The order hooks after an order is placed: the owner's updates, deletes and notices. */

let t: FakeShop;
let productId = '';

beforeEach(async () => {
  ({ t, productId } = await fakeShopSelling());
});

describe('order update and delete (D4)', () => {
  let orderId = '';
  beforeEach(async () => {
    orderId = (
      await t.alice.create(t.ids.orders, 'a1b2c3', orderData('alice', [line(productId)], 15_000))
    ).$id;
  });

  it('lets an admin move the status as the state machine allows', async () => {
    for (const status of ['confirmed', 'pending', 'confirmed', 'completed']) {
      const after = await t.admin.update(t.ids.orders, orderId, { order_status: status });
      expect(after.order_status).toBe(status);
    }
  });

  it('refuses customers, other fields, permissions and unknown statuses', async () => {
    expect(
      (await refusal(t.alice.update(t.ids.orders, orderId, { order_status: 'completed' }))).type,
    ).toBe('user_unauthorized');
    expect((await refusal(t.admin.update(t.ids.orders, orderId, { price: 1 }))).message).toBe(
      'Only the order status, courier and tracking number can be changed',
    );
    expect(
      (
        await refusal(
          t.admin.update(t.ids.orders, orderId, { order_status: 'confirmed', user_id: 'bob' }),
        )
      ).message,
    ).toBe('Only the order status, courier and tracking number can be changed');
    expect(
      (await refusal(t.admin.update(t.ids.orders, orderId, {}, ['read("any")']))).message,
    ).toBe('Only the order status, courier and tracking number can be changed');
    expect(
      (await refusal(t.admin.update(t.ids.orders, orderId, { order_status: 'shipped' }))).message,
    ).toContain('pending, confirmed, completed');
    const stored = t.all(t.ids.orders)[0]!;
    expect(stored).toMatchObject({ order_status: 'pending', price: 15_000, user_id: 'alice' });
  });

  it('accepts unchanged copies of other fields (a client sending the whole order)', async () => {
    const current = t.all(t.ids.orders)[0]!;
    const after = await t.admin.update(t.ids.orders, orderId, {
      order_status: 'confirmed',
      price: current.price,
    });
    expect(after.order_status).toBe('confirmed');
  });

  it("gives an open order's pairs back when the owner deletes it, not a completed one's", async () => {
    const p = await t.admin.create(t.ids.products, 'unique()', productData({ stock: 3 }), [
      'read("any")',
    ]);
    const stock = () => t.all(t.ids.products).find((d) => d.$id === p.$id)!;
    const open = await t.bob.create(
      t.ids.orders,
      'c0ffee',
      orderData('bob', [line(p.$id, 3)], 3 * unitPrice(p as never), { payment_type: 'Bank' }),
    );
    expect(stock()).toMatchObject({ stock: 0, stoke: 'false' });
    await t.admin.delete(t.ids.orders, open.$id);
    await t.shop.idle();
    expect(stock()).toMatchObject({ stock: 3, stoke: 'true' });
    // The figures follow: the pair is counted in stock again.
    const products = t.all(t.ids.products);
    expect(t.all(t.ids.stats).find((d) => d.$id === 'products')).toMatchObject({
      products: products.length,
      in_stock: products.filter((d) => d.stoke === 'true').length,
      out_of_stock: products.filter((d) => d.stoke !== 'true').length,
    });

    const done = await t.bob.create(
      t.ids.orders,
      'c0ffe2',
      orderData('bob', [line(p.$id, 1)], unitPrice(p as never), { payment_type: 'Bank' }),
    );
    await t.admin.update(t.ids.orders, done.$id, { order_status: 'confirmed' });
    await t.admin.update(t.ids.orders, done.$id, { order_status: 'completed' });
    await t.admin.delete(t.ids.orders, done.$id);
    expect(stock()).toMatchObject({ stock: 2, stoke: 'true' });
  });

  it('lets only an admin delete an order, and takes it out of the figures', async () => {
    expect((await refusal(t.alice.delete(t.ids.orders, orderId))).type).toBe('user_unauthorized');
    await t.admin.delete(t.ids.orders, orderId);
    await t.shop.idle();
    const day = t.all(t.ids.stats).find((d) => d.$id === statsDayId(t.clock.now()));
    expect(day).toMatchObject({ orders: 0, sales: 0 });
  });
});

describe('order e-mails without OWNER_EMAIL', () => {
  it('send the new-order notice to the first admin account', async () => {
    const s = await fakeShop({ OWNER_EMAIL: '' });
    const ctx = { ip: '127.0.0.1', userAgent: 'test' };
    await s.account.insertUser(
      {
        id: 'unique()',
        email: 'Boss@Example.PK',
        password: 'password-1',
        name: 'Boss',
        labels: ['admin'],
      },
      ctx,
    );
    const p = await s.admin.create(s.ids.products, 'unique()', productData());
    await s.alice.create(s.ids.orders, 'unique()', orderData('alice', [line(p.$id)], 15_000));
    await s.shop.idle();
    expect(s.sent.map((m) => m.to)).toEqual([
      '+923001234567',
      'ayesha@example.pk',
      'boss@example.pk',
    ]);
  });
});
