import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  parseProductFilters,
  productFiltersToParams,
  productQueries,
  type ProductFilters,
} from '../src/features/dashboard/products/product-filters';
import { pageCount, pageParam } from '../src/features/dashboard/paging';

const parse = (query: string) => parseProductFilters(new URLSearchParams(query));
const plain: ProductFilters = {
  q: '',
  stock: 'all',
  group: null,
  sort: 'newest',
  page: 1,
  view: 'cards',
};

describe("the product grid's address", () => {
  it('reads every filter, and writes back the same address', () => {
    const query = 'q=kobe+6&stock=low&brand=nike&sort=stock-asc&page=3';
    const f = parse(query);
    expect(f).toEqual({
      q: 'kobe 6',
      stock: 'low',
      group: { kind: 'brand', slug: 'nike' },
      sort: 'stock-asc',
      page: 3,
      view: 'cards',
    });
    expect(productFiltersToParams(f).toString()).toBe(query);
    expect(parse('cat=kd').group).toEqual({ kind: 'category', slug: 'kd' });
  });

  it('leaves the defaults out: the plain grid has a plain address', () => {
    expect(parse('')).toEqual(plain);
    expect(productFiltersToParams(plain).toString()).toBe('');
    // A search starts best match first, and says nothing about it.
    expect(parse('q=kd').sort).toBe('relevance');
    expect(productFiltersToParams(parse('q=kd')).toString()).toBe('q=kd');
  });

  it('drops what does not parse, never failing', () => {
    expect(parse('stock=some&brand=nikey&cat=boots&sort=cheapest&page=-2&q=%20%20')).toEqual(plain);
    expect(parse('page=1.5').page).toBe(1);
    // Best match needs words to match.
    expect(parse('sort=relevance').sort).toBe('newest');
  });

  it('starts again at page 1 on any change but the page, and the default sort follows the search', () => {
    const onPage3 = { ...plain, page: 3 };
    expect(changeFilters(onPage3, { stock: 'out' })).toMatchObject({ stock: 'out', page: 1 });
    expect(changeFilters(onPage3, { page: 2 }).page).toBe(2);
    expect(changeFilters(plain, { q: 'kobe' }).sort).toBe('relevance');
    expect(changeFilters({ ...plain, q: 'kobe', sort: 'relevance' }, { q: '' }).sort).toBe(
      'newest',
    );
    // A sort the owner chose stays through a new search.
    expect(changeFilters({ ...plain, sort: 'price-asc' }, { q: 'kobe' }).sort).toBe('price-asc');
  });
});

describe("the product grid's queries", () => {
  it("page one of the plain grid is the spec's call: the 12 newest", () => {
    expect(productQueries(plain, 1)).toEqual([Query.orderDesc('$createdAt'), Query.limit(12)]);
  });

  it('pages by offset, 12 at a time', () => {
    expect(productQueries({ ...plain, page: 3 }, 1)).toEqual([
      Query.orderDesc('$createdAt'),
      Query.limit(12),
      Query.offset(24),
    ]);
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(25, 12)).toBe(3);
    // Totals are counted up to 5000.
    expect(pageCount(9000, 12)).toBe(417);
    expect(pageParam('418', 12)).toBe(1);
  });

  it('keeps the page when only the layout changes, and writes the table in the address', () => {
    const onPage3 = { ...plain, page: 3 };
    expect(changeFilters(onPage3, { view: 'table' })).toEqual({ ...onPage3, view: 'table' });
    expect(productFiltersToParams({ ...onPage3, view: 'table' }).toString()).toBe(
      'page=3&view=table',
    );
    expect(parse('view=table&stock=draft')).toEqual({ ...plain, view: 'table', stock: 'draft' });
    expect(productQueries({ ...plain, stock: 'draft' }, 2)[0]).toBe(Query.equal('draft', [true]));
  });

  it('filters low stock by the setting, a brand by its lines, and sorts by pairs left', () => {
    expect(
      productQueries(
        {
          q: 'kobe',
          stock: 'low',
          group: { kind: 'brand', slug: 'adidas' },
          sort: 'stock-asc',
          page: 1,
          view: 'cards',
        },
        2,
      ),
    ).toEqual([
      Query.search('title', 'kobe'),
      Query.equal('stoke', 'true'),
      Query.lessThanEqual('stock', 2),
      Query.equal('category', ['adidas', 'dame', 'harden']),
      Query.orderAsc('stock'),
      Query.limit(12),
    ]);
    expect(productQueries({ ...plain, stock: 'out', sort: 'price-desc' }, 1)).toEqual([
      Query.equal('stoke', 'false'),
      Query.orderDesc('sale_price'),
      Query.limit(12),
    ]);
    // Best match: no order of its own, the server ranks.
    expect(productQueries({ ...plain, q: 'kd', sort: 'relevance' }, 1)).toEqual([
      Query.search('title', 'kd'),
      Query.limit(12),
    ]);
  });
});
