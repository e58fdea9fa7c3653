import { Query, type Models } from 'appwrite';
import { unitPrice } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { cartLine, createProduct, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * Browsing the shop (docs/shop.md §2): the kept `sale_price` and `sold` (kept-fields.ts,
 * sales.ts) and the filters and sorts the storefront sends, on the real server.
 */
let w: ShopWorld;
beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

const get = (id: string) => w.visitor.databases.getDocument(ids.database, ids.products, id);
const refused = { code: 400, type: 'shop_product_invalid' };

describe('sale_price', () => {
  it('is the unit price, kept on create and on each change of price or discount', async () => {
    const p = await createProduct(w, { price: 20_000, disc_price: 15_000 });
    expect(p.sale_price).toBe(15_000);
    const update = (data: Record<string, unknown>) =>
      w.admin.databases.updateDocument(ids.database, ids.products, p.$id, data);
    expect((await update({ disc_price: 0 })).sale_price).toBe(20_000);
    expect((await update({ price: 12_000 })).sale_price).toBe(12_000);
    expect((await update({ disc_price: 9_000 })).sale_price).toBe(9_000);
    // A "discount" equal to the price is none.
    expect((await update({ disc_price: 12_000 })).sale_price).toBe(12_000);
    expect((await get(p.$id)).sale_price).toBe(12_000);
  });

  it('and sold cannot be set by a client, only sent back as they are', async () => {
    await expectError(createProduct(w, { sale_price: 1 }), refused);
    await expectError(createProduct(w, { sold: 3 }), refused);
    const p = await createProduct(w, { price: 20_000, disc_price: 0, sale_price: 20_000, sold: 0 });
    const update = (data: Record<string, unknown>) =>
      w.admin.databases.updateDocument(ids.database, ids.products, p.$id, data);
    await expectError(update({ sale_price: 5 }), {
      ...refused,
      message: 'The sale price follows the price and the discount price; it cannot be set',
    });
    await expectError(update({ sold: 10 }), {
      ...refused,
      message: 'Pairs sold are counted from the orders; they cannot be set',
    });
    expect((await update({ title: 'Same price', sale_price: 20_000, sold: 0 })).title).toBe(
      'Same price',
    );
  });
});

describe('sold', () => {
  const place = (who: 'alice' | 'bob', lines: unknown[], price: number) =>
    w.placeOrder(w[who], lines, price);
  const soldOf = async (id: string) => (await get(id)).sold as number;

  it('counts the pairs ordered, and takes back those of an order gone before delivery', async () => {
    const a = await createProduct(w, { price: 10_000, disc_price: 0, stock: 3 });
    const b = await createProduct(w, { price: 8_000, disc_price: 0, stock: 3 });
    expect(a.sold).toBe(0);
    const first = await place('alice', [cartLine(a, 2)], 20_000);
    const second = await place('bob', [cartLine(a), cartLine(b)], 18_000);
    expect([await soldOf(a.$id), await soldOf(b.$id)]).toEqual([3, 1]);

    // Deleted while pending: its pairs are back in stock and no longer sold.
    await w.admin.databases.deleteDocument(ids.database, ids.orders, first.$id);
    expect(await soldOf(a.$id)).toBe(1);
    expect((await get(a.$id)).stock).toBe(2);
    // Deleted once completed (delivered): still sold.
    for (const order_status of ['confirmed', 'completed']) {
      await w.admin.databases.updateDocument(ids.database, ids.orders, second.$id, {
        order_status,
      });
    }
    await w.admin.databases.deleteDocument(ids.database, ids.orders, second.$id);
    expect([await soldOf(a.$id), await soldOf(b.$id)]).toEqual([1, 1]);
    // Returned: the pair is back on sale and no longer sold.
    // (Below the free-delivery threshold: the Rs.250 delivery charge is in its price.)
    const third = await place('alice', [cartLine(b, 1)], 8_000 + 250);
    for (const order_status of ['confirmed', 'completed', 'returned']) {
      await w.admin.databases.updateDocument(ids.database, ids.orders, third.$id, {
        order_status,
      });
    }
    expect(await soldOf(b.$id)).toBe(1);
  });
});

describe('filters and sorts of the storefront', () => {
  const CATALOGUE = [
    {
      title: 'Kobe A',
      category: 'kobe',
      size: 43,
      price: 30_000,
      disc_price: 25_000,
      condition: 9.5,
    },
    { title: 'Kobe B', category: 'kobe', size: 44, price: 18_000, disc_price: 0, condition: 8 },
    {
      title: 'Kobe C',
      category: 'kobe',
      size: 43,
      price: 40_000,
      disc_price: 0,
      condition: 9,
      stock: 0,
    },
    { title: 'KD A', category: 'kd', size: 43, price: 22_000, disc_price: 21_000, condition: 10 },
    { title: 'KD B', category: 'kd', size: 42.5, price: 15_000, disc_price: 0, condition: 7 },
    { title: 'Curry A', category: 'curry', size: 43, price: 19_000, disc_price: 0, condition: 9 },
  ];
  let made: (Models.Document & (typeof CATALOGUE)[number])[] = [];
  beforeAll(async () => {
    const list = await w.visitor.databases.listDocuments(ids.database, ids.products, [
      Query.limit(100),
    ]);
    for (const doc of list.documents) {
      await w.admin.databases.deleteDocument(ids.database, ids.products, doc.$id);
    }
    made = [];
    for (const p of CATALOGUE) {
      const stock = p.stock ?? 1;
      made.push({
        ...p,
        ...(await createProduct(w, { ...p, stock, stoke: stock ? 'true' : 'false' })),
      });
    }
  });
  const list = (queries: string[]) =>
    w.visitor.databases.listDocuments(ids.database, ids.products, queries);
  const titles = async (queries: string[]) => (await list(queries)).documents.map((d) => d.title);
  const priceOf = (p: (typeof made)[number]) => unitPrice(p);

  it('a brand (several lines), a size, a price range, a condition, in stock, by price', async () => {
    const want = made
      .filter((p) => ['kobe', 'kd'].includes(p.category) && p.size === 43)
      .filter((p) => priceOf(p) >= 20_000 && priceOf(p) <= 40_000)
      .filter((p) => p.condition >= 9 && p.stoke === 'true')
      .sort((a, b) => priceOf(a) - priceOf(b))
      .map((p) => p.title);
    expect(want).toEqual(['KD A', 'Kobe A']);
    const queries = [
      Query.equal('category', ['kobe', 'kd']),
      Query.equal('size', [43]),
      Query.greaterThanEqual('sale_price', 20_000),
      Query.lessThanEqual('sale_price', 40_000),
      Query.greaterThanEqual('condition', 9),
      Query.equal('stoke', 'true'),
      Query.orderAsc('sale_price'),
    ];
    const page = await list(queries);
    expect(page.documents.map((d) => d.title)).toEqual(want);
    expect(page.total).toBe(2);
    // Without "in stock only" the sold-out Kobe C joins, the dearest.
    expect(await titles([...queries.slice(0, -2), Query.orderDesc('sale_price')])).toEqual([
      'Kobe C',
      'Kobe A',
      'KD A',
    ]);
  });

  it('several sizes, and price high to low over the whole shop', async () => {
    const want = made
      .filter((p) => [43, 42.5].includes(p.size))
      .sort((a, b) => priceOf(b) - priceOf(a))
      .map((p) => p.title);
    expect(await titles([Query.equal('size', [43, 42.5]), Query.orderDesc('sale_price')])).toEqual(
      want,
    );
  });

  it('best selling: pairs sold first, then newest', async () => {
    const best = [Query.orderDesc('sold'), Query.orderDesc('$createdAt')];
    const newest = [...made].reverse().map((p) => p.title);
    expect(await titles(best)).toEqual(newest);
    const kdB = made.find((p) => p.title === 'KD B')!;
    await w.placeOrder(w.alice, [cartLine(kdB)], 15_000);
    expect(await titles(best)).toEqual(['KD B', ...newest.filter((t) => t !== 'KD B')]);
    expect(await titles([Query.equal('category', 'kd'), ...best])).toEqual(['KD B', 'KD A']);
  });
});

describe('sold-out pairs in the lists', () => {
  it('sink to the end of every sort the storefront sends, and stay out of best selling', async () => {
    const line = 'puma';
    const cheapGone = await createProduct(w, {
      category: line,
      price: 1_000,
      disc_price: 0,
      stock: 0,
    });
    const mid = await createProduct(w, { category: line, price: 5_000, disc_price: 0, stock: 2 });
    const dear = await createProduct(w, { category: line, price: 9_000, disc_price: 0, stock: 1 });
    const inLine = Query.equal('category', [line]);
    const order = async (...sort: string[]) =>
      (
        await w.visitor.databases.listDocuments(ids.database, ids.products, [inLine, ...sort])
      ).documents.map((d) => d.$id);
    const stockFirst = Query.orderDesc('stoke');
    expect(await order(stockFirst, Query.orderAsc('sale_price'))).toEqual([
      mid.$id,
      dear.$id,
      cheapGone.$id,
    ]);
    expect(await order(stockFirst, Query.orderDesc('sale_price'))).toEqual([
      dear.$id,
      mid.$id,
      cheapGone.$id,
    ]);
    expect(await order(stockFirst, Query.orderDesc('$createdAt'))).toEqual([
      dear.$id,
      mid.$id,
      cheapGone.$id,
    ]);
    const bestSelling = [
      Query.equal('stoke', 'true'),
      Query.orderDesc('sold'),
      Query.orderDesc('$createdAt'),
    ];
    expect(await order(...bestSelling)).toEqual([dear.$id, mid.$id]);
  });

  it('a model number is matched whole by the phrase the storefront sends for "jordan 1"', async () => {
    const one = await createProduct(w, { title: 'Air Jordan 1 Mid Chicago' });
    const eleven = await createProduct(w, { title: 'Air Jordan 11 Concord' });
    const found = await w.visitor.databases.listDocuments(ids.database, ids.products, [
      'search("title", ["\\"jordan 1\\""])',
      Query.limit(100),
    ]);
    const idsFound = found.documents.map((d) => d.$id);
    expect(idsFound).toContain(one.$id);
    expect(idsFound).not.toContain(eleven.$id);
  });
});
