import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersToParams,
  NO_FILTERS,
  parseFilters,
  type BrowseFilters,
} from '../src/entities/browse/filters';
import { browseQueries, carouselQueries, titleSearch } from '../src/entities/product/products-api';

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

  it('search results without an order (the server ranks them), a page after the cursor', () => {
    expect(
      browseQueries({ lines: null, q: ' jordan 1 ', filters: parse('', true) }, '123'),
    ).toEqual(['search("title", ["\\"jordan 1\\""])', 'limit(24)', 'cursorAfter("123")']);
    expect(
      browseQueries({ lines: null, q: null, filters: parse('sort=best-selling') }, null),
    ).toEqual(['orderDesc("stoke")', 'orderDesc("sold")', 'orderDesc("$createdAt")', 'limit(24)']);
  });

  it('shorthands spelled out, a model number matched whole, quotes escaped', () => {
    expect(titleSearch('aj1')).toBe('search("title", ["\\"jordan 1\\""])');
    expect(titleSearch('kobe6')).toBe('search("title", ["\\"kobe 6\\""])');
    expect(titleSearch('kobe')).toBe('search("title", ["kobe"])');
    expect(titleSearch('"dame')).toBe('search("title", ["\\"dame"])');
  });

  it('the home carousels: sold-out pairs last among the newest, left out of best selling', () => {
    expect(carouselQueries('newest')).toEqual([
      'limit(10)',
      'orderDesc("stoke")',
      'orderDesc("$createdAt")',
    ]);
    expect(carouselQueries('best-selling')).toEqual([
      'limit(10)',
      'equal("stoke", ["true"])',
      'orderDesc("sold")',
      'orderDesc("$createdAt")',
    ]);
  });
});
