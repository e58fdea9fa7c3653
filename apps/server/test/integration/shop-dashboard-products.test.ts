import { Query, type Models } from 'appwrite';
import { linesOfBrand } from '@courtside/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { createProduct, denied, ids, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * The queries of the dashboard's product grid (docs/shop.md#the-dashboard): every filter with
 * every sort, a page of 12 at a time by offset, on the real server; and the bulk "mark out of
 * stock", one product at a time through the product rules.
 */
let w: ShopWorld;
type Doc = Models.Document & { title: string; category: string; stock: number; stoke: string };

const LINES = ['kobe', 'kd', 'jordan'] as const;
const TITLES = { kobe: 'Kobe 6 Protro', kd: 'Nike KD 15', jordan: 'Air Jordan 11' };

beforeAll(async () => {
  w = await shopWorld();
  for (let i = 0; i < 15; i++) {
    const category = LINES[i % 3]!;
    await createProduct(w, {
      title: `${TITLES[category]} no. ${i}`,
      category,
      price: 10_000 + ((i * 7) % 15) * 1_000,
      disc_price: 0,
      stock: i % 4,
      stoke: i % 4 === 0 ? 'false' : 'true',
    });
  }
});
afterAll(() => w.server.close());

const list = async (queries: string[]) =>
  (await w.admin.databases.listDocuments<Doc>(ids.database, ids.products, queries)) as {
    total: number;
    documents: Doc[];
  };

/** The whole list in one call, then page by page as the grid asks: the same products, in order. */
async function pagedLikeTheGrid(filters: string[]) {
  const whole = await list([...filters, Query.limit(100)]);
  const pages: Doc[] = [];
  for (let page = 1; pages.length < whole.total; page++) {
    const offset = page > 1 ? [Query.offset((page - 1) * 12)] : [];
    const part = await list([...filters, Query.limit(12), ...offset]);
    expect(part.total).toBe(whole.total);
    expect(part.documents.length).toBeGreaterThan(0);
    pages.push(...part.documents);
  }
  expect(pages.map((d) => d.$id)).toEqual(whole.documents.map((d) => d.$id));
  return whole.documents;
}

const nike = [...linesOfBrand('nike')];

describe("the dashboard grid's queries", () => {
  it('pages through every product, newest first, to the oldest', async () => {
    const all = await pagedLikeTheGrid([Query.orderDesc('$createdAt')]);
    expect(all).toHaveLength(15);
    expect(all.at(-1)!.title).toBe('Kobe 6 Protro no. 0');
    const times = all.map((d) => d.$createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each([
    ['in stock', [Query.equal('stoke', 'true')], (d: Doc) => d.stoke === 'true'],
    ['out of stock', [Query.equal('stoke', 'false')], (d: Doc) => d.stock === 0],
    [
      'low stock (2 or fewer)',
      [Query.equal('stoke', 'true'), Query.lessThanEqual('stock', 2)],
      (d: Doc) => d.stock >= 1 && d.stock <= 2,
    ],
    ['a line', [Query.equal('category', ['kd'])], (d: Doc) => d.category === 'kd'],
    ['a brand', [Query.equal('category', nike)], (d: Doc) => nike.includes(d.category as never)],
    ['a title search', [Query.search('title', 'kobe')], (d: Doc) => d.category === 'kobe'],
  ])('filters %s, under every sort', async (_name, filters, keeps) => {
    const everything = await list([Query.limit(100)]);
    const expected = everything.documents.filter(keeps).map((d) => d.$id);
    expect(expected.length).toBeGreaterThan(0);
    for (const sort of [
      [Query.orderDesc('$createdAt')],
      [Query.orderAsc('sale_price')],
      [Query.orderDesc('sale_price')],
      [Query.orderAsc('stock')],
      [Query.orderDesc('stock')],
    ]) {
      const found = await pagedLikeTheGrid([...filters, ...sort]);
      expect(found.map((d) => d.$id).sort()).toEqual([...expected].sort());
    }
  });

  it('sorts by pairs left, both ways', async () => {
    const up = (await pagedLikeTheGrid([Query.orderAsc('stock')])).map((d) => d.stock);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await pagedLikeTheGrid([Query.orderDesc('stock')])).map((d) => d.stock);
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('combines a search, a stock view and a brand, best match first, page by page', async () => {
    const found = await pagedLikeTheGrid([
      Query.search('title', 'nike kobe'),
      Query.equal('stoke', 'true'),
      Query.equal('category', nike),
    ]);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((d) => d.stoke === 'true' && ['kobe', 'kd'].includes(d.category))).toBe(
      true,
    );
  });
});

describe('marking several products out of stock', () => {
  it('sets each one out of stock with 0 pairs; the low-stock view no longer lists them', async () => {
    const low = [Query.equal('stoke', 'true'), Query.lessThanEqual('stock', 1)];
    const before = await list([...low, Query.limit(100)]);
    expect(before.total).toBeGreaterThan(1);
    const chosen = before.documents.slice(0, 2);
    // A customer cannot.
    await expectError(
      w.alice.databases.updateDocument(ids.database, ids.products, chosen[0]!.$id, {
        stoke: 'false',
      }),
      denied,
    );
    for (const p of chosen) {
      const done = await w.admin.databases.updateDocument(ids.database, ids.products, p.$id, {
        stoke: 'false',
      });
      expect(done).toMatchObject({ stoke: 'false', stock: 0 });
    }
    const after = await list([...low, Query.limit(100)]);
    expect(after.total).toBe(before.total - 2);
    const shop = await w.visitor.databases.listDocuments(ids.database, ids.products, [
      Query.equal('stoke', 'true'),
      Query.limit(100),
    ]);
    expect(shop.documents.map((d) => d.$id)).not.toContain(chosen[0]!.$id);
  });
});
