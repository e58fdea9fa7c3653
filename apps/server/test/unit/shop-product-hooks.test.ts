import { statsDayId } from '@courtside/shop';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import { fakeShop, orderData, productData, type FakeShop } from '../support/fake-shop.js';

let t: FakeShop;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

beforeEach(async () => {
  t = await fakeShop();
  for (const id of ['img-main', 'img-2', 'img-3', 'img-new']) {
    await t.storage.createFile(t.ids.bucket, id, `${id}.webp`, Buffer.from('x'));
  }
});

describe('products (D4, D16, spec 4)', () => {
  it('are created by admins only, with a 9-digit id that is also product_id', async () => {
    expect((await refusal(t.alice.create(t.ids.products, 'unique()', productData()))).type).toBe(
      'user_unauthorized',
    );
    expect((await refusal(t.guest.create(t.ids.products, '123456789', productData()))).type).toBe(
      'user_unauthorized',
    );
    const generated = await t.admin.create(t.ids.products, 'unique()', productData());
    expect(generated.$id).toMatch(/^[1-9]\d{8}$/);
    expect(generated.product_id).toBe(generated.$id);
    const chosen = await t.admin.create(
      t.ids.products,
      '123456789',
      productData({ product_id: 'x' }),
    );
    expect(chosen.product_id).toBe('123456789');
    const renamed = await t.admin.create(t.ids.products, 'my-shoe', productData());
    expect(renamed.$id).toMatch(/^[1-9]\d{8}$/);
    const taken = await t.admin.create(t.ids.products, '123456789', productData());
    expect(taken.$id).not.toBe('123456789');
  });

  it('keep stoke and stock consistent on create and update', async () => {
    const p = await t.admin.create(t.ids.products, 'unique()', productData({ stock: 3 }));
    expect(p).toMatchObject({ stock: 3, stoke: 'true' });
    expect(await t.admin.update(t.ids.products, p.$id, { stoke: 'false' })).toMatchObject({
      stock: 0,
      stoke: 'false',
    });
    expect(await t.admin.update(t.ids.products, p.$id, { stoke: 'true' })).toMatchObject({
      stock: 1,
      stoke: 'true',
    });
    expect(await t.admin.update(t.ids.products, p.$id, { stock: 0 })).toMatchObject({
      stoke: 'false',
    });
    expect(await t.admin.update(t.ids.products, p.$id, { stock: 4, stoke: 'false' })).toMatchObject(
      { stock: 0 },
    );
    const bad = await refusal(t.admin.update(t.ids.products, p.$id, { stock: -2 }));
    expect(bad.type).toBe('shop_product_invalid');
    expect(
      (await refusal(t.admin.update(t.ids.products, p.$id, { product_id: '987654321' }))).message,
    ).toBe('The product id cannot change');
    expect((await refusal(t.alice.update(t.ids.products, p.$id, { price: 1 }))).type).toBe(
      'user_unauthorized',
    );
  });

  it('delete a replaced main image and dropped extra images once the change commits', async () => {
    const p = await t.admin.create(t.ids.products, 'unique()', productData());
    await t.admin.update(t.ids.products, p.$id, { title: 'Renamed' });
    expect(t.deletedFiles).toEqual([]);
    await t.admin.update(t.ids.products, p.$id, { image: 'img-new', images: '["img-2"]' });
    expect(t.deletedFiles.sort()).toEqual(['img-3', 'img-main']);
    expect(t.files.has(`${t.ids.bucket}/img-2`)).toBe(true);
  });

  it('take their images with them when deleted, and a refused delete deletes nothing', async () => {
    const p = await t.admin.create(t.ids.products, 'unique()', productData());
    expect((await refusal(t.alice.delete(t.ids.products, p.$id))).type).toBe('user_unauthorized');
    expect(t.deletedFiles).toEqual([]);
    await t.admin.delete(t.ids.products, p.$id);
    expect(t.deletedFiles.sort()).toEqual(['img-2', 'img-3', 'img-main']);
    expect(t.files.size).toBe(1);
  });

  it('keep the product totals of the statistics current', async () => {
    const a = await t.admin.create(t.ids.products, 'unique()', productData());
    await t.admin.create(t.ids.products, 'unique()', productData({ stock: 0 }));
    await t.admin.create(t.ids.products, 'unique()', productData({ stock: 5 }));
    await t.shop.idle();
    const totals = () => t.all(t.ids.stats).find((d) => d.$id === 'products');
    expect(totals()).toMatchObject({ products: 3, in_stock: 2, out_of_stock: 1 });
    await t.admin.update(t.ids.products, a.$id, { stoke: 'false' });
    await t.admin.delete(t.ids.products, a.$id);
    await t.shop.idle();
    expect(totals()).toMatchObject({ products: 2, in_stock: 1, out_of_stock: 1 });
  });
});

describe('subscribers (D11)', () => {
  it('takes a valid address once, lower-cased, from anyone', async () => {
    const s = await t.guest.create(t.ids.subscribers, 'unique()', { email: ' Ali@Example.PK ' });
    expect(s).toMatchObject({ email: 'ali@example.pk', $permissions: [] });
    // Again: the same answer as the first time (a new record), and still one per address.
    const again = await t.alice.create(t.ids.subscribers, 'again-1', { email: 'ali@example.pk' });
    expect(Object.keys(again)).toEqual(Object.keys(s));
    expect(again.$id).not.toBe(s.$id);
    expect(t.all(t.ids.subscribers).map((d) => d.$id)).toEqual([again.$id]);
    const bad = await refusal(
      t.guest.create(t.ids.subscribers, 'unique()', { email: 'not-an-email' }),
    );
    expect(bad.message).toBe('Email address must be a valid address');
    const extra = await refusal(
      t.guest.create(t.ids.subscribers, 'unique()', { email: 'b@example.pk', admin: true }),
    );
    expect(extra.type).toBe('document_invalid_structure');
    expect(t.all(t.ids.subscribers)).toHaveLength(1);
  });

  it('lets only admins change or remove a subscriber', async () => {
    const s = await t.guest.create(t.ids.subscribers, 'unique()', { email: 'ali@example.pk' });
    expect(
      (await refusal(t.alice.update(t.ids.subscribers, s.$id, { email: 'x@example.pk' }))).type,
    ).toBe('user_unauthorized');
    expect((await refusal(t.guest.delete(t.ids.subscribers, s.$id))).type).toBe(
      'user_unauthorized',
    );
    await t.admin.delete(t.ids.subscribers, s.$id);
    expect(t.all(t.ids.subscribers)).toHaveLength(0);
  });
});

describe('statistics (D7)', () => {
  it('are written only by the shop', async () => {
    expect(
      (await refusal(t.admin.create(t.ids.stats, 'products', { kind: 'products', period: 'all' })))
        .type,
    ).toBe('user_unauthorized');
  });

  it('count sign-ups of customers (not admins) on the day they happen', async () => {
    const ctx = { ip: '127.0.0.1', userAgent: 'test' };
    await t.account.insertUser(
      { id: 'unique()', email: 'c1@example.pk', password: 'password-1', name: 'C1' },
      ctx,
    );
    await t.account.insertUser(
      { id: 'unique()', email: 'c2@example.pk', password: 'password-1', name: 'C2' },
      ctx,
    );
    await t.account.insertUser(
      {
        id: 'unique()',
        email: 'o@example.pk',
        password: 'password-1',
        name: 'O',
        labels: ['admin'],
      },
      ctx,
    );
    await t.shop.idle();
    const day = t.all(t.ids.stats).find((d) => d.$id === statsDayId(t.clock.now()));
    expect(day).toMatchObject({ kind: 'day', customers: 2, orders: 0 });
  });

  it('rebuilt from the data, agree with the live counters', async () => {
    const ctx = { ip: '127.0.0.1', userAgent: 'test' };
    await t.account.insertUser(
      { id: 'unique()', email: 'c1@example.pk', password: 'password-1', name: 'C1' },
      ctx,
    );
    const p = await t.admin.create(
      t.ids.products,
      'unique()',
      productData({ stock: 10, disc_price: 0 }),
    );
    const line = { $id: p.$id, title: 'K', price: 20_000, disc_price: 0, quantity: 1 };
    for (let i = 0; i < 3; i++) {
      await t.alice.create(t.ids.orders, 'unique()', orderData('alice', [line], 20_000));
      t.clock.advance(40 * 24 * 3600 * 1000);
    }
    await t.shop.idle();
    const snapshot = () =>
      Object.fromEntries(
        t
          .all(t.ids.stats)
          .map((d) => [d.$id, [d.customers, d.orders, d.sales, d.products, d.in_stock]]),
      );
    const live = snapshot();
    expect(Object.keys(live).filter((k) => k.startsWith('month-'))).toHaveLength(3);
    await t.shop.rebuildStats();
    expect(snapshot()).toEqual(live);
  });
});
