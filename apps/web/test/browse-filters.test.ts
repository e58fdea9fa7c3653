import type { Product } from '@courtside/shop';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersToParams,
  NO_FILTERS,
  parseFilters,
  type BrowseFilters,
} from '../src/entities/browse/filters';
import {
  browsePage,
  browseQueries,
  BROWSE_PAGE_SIZE,
  type BrowseCursor,
} from '../src/entities/product/browse-api';
import { carouselQueries, titleSearch } from '../src/entities/product/products-api';

const parse = (query: string, search = false) => parseFilters(new URLSearchParams(query), search);
const text = (f: BrowseFilters, base = '', search = false) =>
  filtersToParams(f, new URLSearchParams(base), search).toString();

describe('filters in the address', () => {
  it('reads every filter and the sort', () => {
    expect(parse('size=43&size=42.5&min=15000&max=25000&cond=9&in_stock=1&sort=price-asc')).toEqual(
      {
        sizes: [42.5, 43],
        min: 15_000,
        max: 25_000,
        condition: 9,
        inStock: true,
        sort: 'price-asc',
      },
    );
  });

  it('a plain address is no filter, newest first; search results best match first', () => {
    expect(parse('')).toEqual(NO_FILTERS('newest'));
    expect(parse('q=jordan', true)).toEqual(NO_FILTERS('relevance'));
    // "Best match" is for search results only.
    expect(parse('sort=relevance').sort).toBe('newest');
  });

  it('drops what does not parse instead of failing', () => {
    expect(
      parse(
        'size=abc&size=43.3&size=-1&size=44,44.5&min=cheap&max=1e9&cond=11&in_stock=yes&sort=x',
      ),
    ).toEqual({ ...NO_FILTERS('newest'), sizes: [44, 44.5] });
    expect(parse('size=43&size=43')).toMatchObject({ sizes: [43] });
    // Bounds the wrong way round are swapped.
    expect(parse('min=30000&max=10000')).toMatchObject({ min: 10_000, max: 30_000 });
  });

  it('writes back what it read, defaults left out, other parameters kept first', () => {
    for (const query of ['size=42.5&size=43&min=15000&cond=8&in_stock=1&sort=best-selling', '']) {
      expect(text(parse(query))).toBe(query);
    }
    const f = { ...parse('q=air+jordan', true), sizes: [44], sort: 'price-desc' as const };
    expect(text(f, 'q=air+jordan&size=40', true)).toBe('q=air+jordan&size=44&sort=price-desc');
    expect(text(parse('q=kobe', true), 'q=kobe', true)).toBe('q=kobe');
  });

  it('counts the filters that are on', () => {
    expect(activeFilterCount(parse('size=43&size=44&max=20000&in_stock=1&sort=price-asc'))).toBe(4);
    expect(activeFilterCount(parse('sort=price-asc'))).toBe(0);
  });
});

describe('the queries a list sends', () => {
  it('a brand, filters and a sort, on the sale price the server keeps', () => {
    const filters = parse('size=43&min=15000&max=25000&cond=9&in_stock=1&sort=price-asc');
    expect(browseQueries({ lines: ['nike', 'kobe'], q: null, filters }, null)).toEqual([
      'equal("draft", [false])',
      'equal("category", ["nike","kobe"])',
      'equal("size", [43])',
      'greaterThanEqual("sale_price", [15000])',
      'lessThanEqual("sale_price", [25000])',
      'greaterThanEqual("condition", [9])',
      'equal("stoke", ["true"])',
      'orderDesc("stoke")',
      'orderAsc("sale_price")',
      'limit(24)',
    ]);
  });

  it('search results best match first (the server ranks them): in stock, then sold out', () => {
    const args = { lines: null, q: ' jordan 1 ', filters: parse('', true) };
    const phrase = 'search("title", ["\\"jordan 1\\""])';
    expect(browseQueries(args, { after: '123', soldOut: false })).toEqual([
      'equal("draft", [false])',
      phrase,
      'equal("stoke", ["true"])',
      'limit(24)',
      'cursorAfter("123")',
    ]);
    expect(browseQueries(args, { after: null, soldOut: true })).toEqual([
      'equal("draft", [false])',
      phrase,
      'equal("stoke", ["false"])',
      'limit(24)',
    ]);
    // In stock only: one part, the filter's own.
    const inStock = { ...args, filters: parse('in_stock=1', true) };
    expect(browseQueries(inStock, null)).toEqual([
      'equal("draft", [false])',
      phrase,
      'equal("stoke", ["true"])',
      'limit(24)',
    ]);
    expect(
      browseQueries({ lines: null, q: null, filters: parse('sort=best-selling') }, null),
    ).toEqual([
      'equal("draft", [false])',
      'orderDesc("stoke")',
      'orderDesc("sold")',
      'orderDesc("$createdAt")',
      'limit(24)',
    ]);
  });

  it('shorthands spelled out, a model number matched whole, quotes escaped', () => {
    expect(titleSearch('aj1')).toBe('search("title", ["\\"jordan 1\\""])');
    expect(titleSearch('kobe6')).toBe('search("title", ["\\"kobe 6\\""])');
    expect(titleSearch('kobe')).toBe('search("title", ["kobe"])');
    expect(titleSearch('"dame')).toBe('search("title", ["\\"dame"])');
  });

  it('the home carousels: sold-out pairs last among the newest, left out of best selling', () => {
    expect(carouselQueries('newest')).toEqual([
      'equal("draft", [false])',
      'limit(10)',
      'orderDesc("stoke")',
      'orderDesc("$createdAt")',
    ]);
    expect(carouselQueries('best-selling')).toEqual([
      'equal("draft", [false])',
      'limit(10)',
      'equal("stoke", ["true"])',
      'orderDesc("sold")',
      'orderDesc("$createdAt")',
    ]);
  });
});

/** Pairs named by id; `n` of them from `from`. */
const docs = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ $id: `${prefix}${i + 1}` }) as Product);

describe('a search page, best match first, sold-out pairs after the rest', () => {
  const full = BROWSE_PAGE_SIZE;
  const page = (cursor: BrowseCursor | null, parts: Parameters<typeof browsePage>[1]) =>
    browsePage(cursor, parts);

  it('a first page filled with pairs in stock keeps the sold-out ones for later', () => {
    const p = page(null, {
      inStock: { documents: docs('in', full), total: 30 },
      soldOut: { documents: docs('out', full), total: 5 },
    });
    expect(p.products.map((d) => d.$id)).toEqual(docs('in', full).map((d) => d.$id));
    expect(p.total).toBe(35);
    expect(p.next).toEqual({ after: `in${full}`, soldOut: false, inStockTotal: 30 });
  });

  it('the last pairs in stock, then sold-out pairs from the first, up to a page', () => {
    const p = page(
      { after: 'in24', soldOut: false, inStockTotal: 30 },
      {
        inStock: { documents: docs('in', 6), total: 30 },
        soldOut: { documents: docs('out', full), total: 40 },
      },
    );
    expect(p.products.map((d) => d.$id)).toEqual([
      ...docs('in', 6).map((d) => d.$id),
      ...docs('out', full - 6).map((d) => d.$id),
    ]);
    expect(p.total).toBe(70);
    expect(p.next).toEqual({ after: `out${full - 6}`, soldOut: true, inStockTotal: 30 });
  });

  it('sold-out pages count the pairs in stock from the cursor; nothing left, no cursor', () => {
    const p = page(
      { after: 'out18', soldOut: true, inStockTotal: 30 },
      { inStock: null, soldOut: { documents: docs('out', 3), total: 21 } },
    );
    expect(p.products).toHaveLength(3);
    expect(p.total).toBe(51);
    expect(p.next).toBeNull();
    const empty = page(null, {
      inStock: { documents: docs('in', 2), total: 2 },
      soldOut: { documents: [], total: 0 },
    });
    expect(empty.next).toBeNull();
    expect(empty.total).toBe(2);
  });
});
