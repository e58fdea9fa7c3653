import { Query } from 'appwrite';
import { brandBySlug, DASHBOARD_PRODUCT_GRID, isCategory, linesOfBrand } from '@courtside/shop';
import { pageParam } from '../paging';

/**
 * What the dashboard's product grid shows, kept in the address so a reload, the back button or a
 * shared link brings the same page back: `?q=kobe&stock=low&brand=nike&sort=stock-asc&page=2`
 * (and `view=table` for the table instead of the cards).
 * Values that do not parse are dropped, never an error.
 */

/**
 * Every product, those in stock, those sold out, those in stock with few pairs left, or the
 * drafts (hidden from shoppers).
 */
export type StockView = 'all' | 'in' | 'out' | 'low' | 'draft';

/** The products as cards with their photos, or as a table to edit prices and stock in place. */
export type ProductsLayout = 'cards' | 'table';

export type ProductSort =
  'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'stock-asc' | 'stock-desc';

/** One shoe line (a category) or a whole brand (packages/shop brands.ts); null: every product. */
export type ProductGroup = { kind: 'category' | 'brand'; slug: string } | null;

export interface ProductFilters {
  q: string;
  stock: StockView;
  group: ProductGroup;
  sort: ProductSort;
  /** From 1. */
  page: number;
  view: ProductsLayout;
}

export const STOCK_VIEWS: { view: StockView; label: string }[] = [
  { view: 'all', label: 'All' },
  { view: 'in', label: 'In stock' },
  { view: 'out', label: 'Out of stock' },
  { view: 'low', label: 'Low stock' },
  { view: 'draft', label: 'Drafts' },
];

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Lowest price',
  'price-desc': 'Highest price',
  'stock-asc': 'Fewest left',
  'stock-desc': 'Most left',
};

/** A title search starts best match first, as the storefront's search does; the grid newest. */
export const productSortsFor = (q: string): ProductSort[] =>
  (Object.keys(PRODUCT_SORT_LABELS) as ProductSort[]).filter((s) => s !== 'relevance' || q !== '');

const defaultSort = (q: string): ProductSort => (q ? 'relevance' : 'newest');

function groupOf(params: URLSearchParams): ProductGroup {
  const brand = params.get('brand');
  if (brand && brandBySlug(brand)) return { kind: 'brand', slug: brand };
  const category = params.get('cat');
  if (category && isCategory(category)) return { kind: 'category', slug: category };
  return null;
}

export function parseProductFilters(params: URLSearchParams): ProductFilters {
  const q = (params.get('q') ?? '').trim();
  const stock = params.get('stock') as StockView | null;
  const sort = params.get('sort') as ProductSort | null;
  return {
    q,
    stock: stock && STOCK_VIEWS.some((v) => v.view === stock) ? stock : 'all',
    group: groupOf(params),
    sort: sort && productSortsFor(q).includes(sort) ? sort : defaultSort(q),
    page: pageParam(params.get('page'), DASHBOARD_PRODUCT_GRID),
    view: params.get('view') === 'table' ? 'table' : 'cards',
  };
}

/**
 * `f` with `next` applied. Any change but the page's or the layout's own starts again at page 1; the sort that
 * was the default (newest, or best match while searching) follows the search in or out.
 */
export function changeFilters(f: ProductFilters, next: Partial<ProductFilters>): ProductFilters {
  const out = { ...f, page: next.view !== undefined ? f.page : 1, ...next };
  if (next.q !== undefined && f.sort === defaultSort(f.q)) out.sort = defaultSort(out.q);
  if (out.sort === 'relevance' && !out.q) out.sort = 'newest';
  return out;
}

/** The address's query string for `f`; defaults are left out, so the plain grid's stays plain. */
export function productFiltersToParams(f: ProductFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.q) out.set('q', f.q);
  if (f.stock !== 'all') out.set('stock', f.stock);
  if (f.group) out.set(f.group.kind === 'brand' ? 'brand' : 'cat', f.group.slug);
  if (f.sort !== defaultSort(f.q)) out.set('sort', f.sort);
  if (f.page > 1) out.set('page', String(f.page));
  if (f.view === 'table') out.set('view', 'table');
  return out;
}

const SORTS: Record<ProductSort, string[]> = {
  // No order: the server puts the best matches first (docs/protocol.md §5.4).
  relevance: [],
  newest: [Query.orderDesc('$createdAt')],
  'price-asc': [Query.orderAsc('sale_price')],
  'price-desc': [Query.orderDesc('sale_price')],
  'stock-asc': [Query.orderAsc('stock')],
  'stock-desc': [Query.orderDesc('stock')],
};

/** The filters of `stock`, for the grid and for its counters. */
export function stockQueries(stock: StockView, lowStock: number): string[] {
  if (stock === 'in') return [Query.equal('stoke', 'true')];
  if (stock === 'out') return [Query.equal('stoke', 'false')];
  if (stock === 'low')
    return [Query.equal('stoke', 'true'), Query.lessThanEqual('stock', lowStock)];
  if (stock === 'draft') return [Query.equal('draft', [true])];
  return [];
}

/**
 * One page of the grid, run on the server (the indexes of appwrite.json serve each filter with
 * each sort). Page one of the plain grid is the spec's call: the 12 newest.
 */
export function productQueries(f: ProductFilters, lowStock: number): string[] {
  const lines = f.group
    ? f.group.kind === 'brand'
      ? [...linesOfBrand(f.group.slug)]
      : [f.group.slug]
    : null;
  return [
    ...(f.q ? [Query.search('title', f.q)] : []),
    ...stockQueries(f.stock, lowStock),
    ...(lines ? [Query.equal('category', lines)] : []),
    ...SORTS[f.sort],
    Query.limit(DASHBOARD_PRODUCT_GRID),
    ...(f.page > 1 ? [Query.offset((f.page - 1) * DASHBOARD_PRODUCT_GRID)] : []),
  ];
}
