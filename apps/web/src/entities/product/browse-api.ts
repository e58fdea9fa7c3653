import { isInStock, isCategory, brandBySlug, type Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { ids } from '../../config/env';
import { api } from '../../lib/api';
import { databases } from '../../lib/appwrite';
import { call, callError } from '../../lib/errors';
import { parseFilters, type BrowseFilters, type BrowseSort } from '../browse/filters';
import { LISTED } from './listed';
import { IN_STOCK_FIRST, titleSearch } from './products-api';

/*
 * The lists of pairs (all shoes, a brand, a line, search results): their calls and queries come
 * with the list pages' code, not with the first load every page pays for.
 */

/**
 * Where the next page of a list starts: after which product (null: from the first), and, for
 * search results best match first, in which part: the pairs in stock, or the sold-out ones after
 * them (with how many pairs in stock there were, for the list's count).
 */
export interface BrowseCursor {
  after: string | null;
  soldOut: boolean;
  inStockTotal?: number;
}

/** One page of a list: its products, how many the whole list holds, the next page's cursor. */
export interface BrowsePage {
  products: Product[];
  total: number;
  /** Where the next page starts, or null after the last page. */
  next: BrowseCursor | null;
}

/** Products per page of a list: a phone screen's worth of rows several times over. */
export const BROWSE_PAGE_SIZE = 24;

/**
 * What a list shows: every pair (`lines` null), the pairs of some shoe lines (a line's page, a
 * brand's), or the matches of a title search; filtered and sorted by `filters`.
 */
export interface BrowseArgs {
  lines: readonly string[] | null;
  q: string | null;
  filters: BrowseFilters;
}

const SORTS: Record<BrowseSort, string[]> = {
  // No order: the server puts the best matches first.
  relevance: [],
  newest: [IN_STOCK_FIRST, Query.orderDesc('$createdAt')],
  'price-asc': [IN_STOCK_FIRST, Query.orderAsc('sale_price')],
  'price-desc': [IN_STOCK_FIRST, Query.orderDesc('sale_price')],
  // Pairs sold first; while nothing has sold, newest first.
  'best-selling': [IN_STOCK_FIRST, Query.orderDesc('sold'), Query.orderDesc('$createdAt')],
};

/**
 * Search results best match first: the server ranks a search only without an order of its own,
 * so sold-out pairs cannot be sorted after the rest. The list is read in two parts instead, the
 * pairs in stock, then the sold-out ones, each ranked by the server (unless "In stock only"
 * leaves one part).
 */
export const inStockFirstByParts = ({ q, filters: f }: BrowseArgs) =>
  Boolean(q?.trim()) && f.sort === 'relevance' && !f.inStock;

/** What a list holds: its lines, its search, its filters (but "In stock only"); sizes unless left out. */
function filterQueries({ lines, q, filters: f }: BrowseArgs, sizes = true) {
  const term = q?.trim() ?? '';
  return [
    LISTED,
    ...(lines ? [Query.equal('category', [...lines])] : []),
    ...(term ? [titleSearch(term)] : []),
    ...(sizes && f.sizes.length ? [Query.equal('size', f.sizes)] : []),
    ...(f.min !== null ? [Query.greaterThanEqual('sale_price', f.min)] : []),
    ...(f.max !== null ? [Query.lessThanEqual('sale_price', f.max)] : []),
    ...(f.condition !== null ? [Query.greaterThanEqual('condition', f.condition)] : []),
  ];
}

/** At most this many pairs in stock are read to count a list's sizes (the protocol's own cap). */
export const SIZE_COUNT_LIMIT = 5000;

/**
 * The pairs in stock a list would hold with any size (its other filters kept), each read as its
 * size and stock alone: what the size chips count.
 */
export const sizeCountQueries = (args: BrowseArgs) => [
  ...filterQueries(args, false),
  Query.equal('stoke', 'true'),
  Query.select(['size', 'stoke', 'stock']),
  Query.limit(SIZE_COUNT_LIMIT),
];

/**
 * How many pairs each size has available (isInStock: the flag and the count), or null when the
 * list holds more pairs in stock than were read: then no chip shows a count rather than a wrong one.
 */
export function countBySize(res: {
  total: number;
  documents: Pick<Product, 'size' | 'stoke' | 'stock'>[];
}): Record<string, number> | null {
  if (res.total > res.documents.length) return null;
  const counts: Record<string, number> = {};
  for (const p of res.documents) {
    if (isInStock(p)) counts[String(p.size)] = (counts[String(p.size)] ?? 0) + 1;
  }
  return counts;
}

/** A list's queries, run on the server, a page at a time after `cursor`. */
export function browseQueries(args: BrowseArgs, cursor: BrowseCursor | null) {
  const { q, filters: f } = args;
  const term = q?.trim() ?? '';
  const parts = inStockFirstByParts(args);
  return [
    ...filterQueries(args),
    ...(f.inStock || (parts && !cursor?.soldOut) ? [Query.equal('stoke', 'true')] : []),
    ...(parts && cursor?.soldOut ? [Query.equal('stoke', 'false')] : []),
    ...SORTS[term || f.sort !== 'relevance' ? f.sort : 'newest'],
    Query.limit(BROWSE_PAGE_SIZE),
    ...(cursor?.after ? [Query.cursorAfter(cursor.after)] : []),
  ];
}

interface Part {
  documents: Product[];
  total: number;
}

/**
 * A page of search results read in two parts (inStockFirstByParts): the pairs in stock after the
 * cursor, topped up with the first sold-out pairs once those run out; or, past them, sold-out
 * pairs only (`inStock` null). The count is both parts'.
 */
export function browsePage(
  cursor: BrowseCursor | null,
  parts: { inStock: Part | null; soldOut: Part },
): BrowsePage {
  const { inStock, soldOut } = parts;
  if (!inStock) {
    const inStockTotal = cursor?.inStockTotal ?? 0;
    const last = soldOut.documents.at(-1);
    const full = soldOut.documents.length >= BROWSE_PAGE_SIZE;
    return {
      products: soldOut.documents,
      total: inStockTotal + soldOut.total,
      next: full && last ? { after: last.$id, soldOut: true, inStockTotal } : null,
    };
  }
  const room = Math.max(0, BROWSE_PAGE_SIZE - inStock.documents.length);
  const after = soldOut.documents.slice(0, room);
  const inStockTotal = inStock.total;
  const next: BrowseCursor | null =
    room === 0
      ? { after: inStock.documents.at(-1)!.$id, soldOut: false, inStockTotal }
      : after.length > 0
        ? { after: after.at(-1)!.$id, soldOut: true, inStockTotal }
        : null;
  return {
    products: [...inStock.documents, ...after],
    total: inStockTotal + soldOut.total,
    next,
  };
}

/** One page of a list from the server (both parts at once for search results, best match first). */
async function readBrowsePage(args: BrowseArgs, cursor: BrowseCursor | null): Promise<BrowsePage> {
  const read = (c: BrowseCursor | null) =>
    databases.listDocuments<Product>(ids.database, ids.products, browseQueries(args, c));
  if (inStockFirstByParts(args)) {
    const [inStock, soldOut] = await Promise.all([
      cursor?.soldOut ? null : read(cursor),
      read(cursor?.soldOut ? cursor : { after: null, soldOut: true }),
    ]);
    return browsePage(cursor, { inStock, soldOut });
  }
  const res = await read(cursor);
  const last = res.documents.at(-1);
  const full = res.documents.length === BROWSE_PAGE_SIZE;
  return {
    products: res.documents,
    total: res.total,
    next: full && last ? { after: last.$id, soldOut: false } : null,
  };
}

/** The list a page of pairs shows (`/shop`, `/search?q=`, `/category/:slug`, `/brand/:slug`), or null. */
export function listArgs(section: string, slug: string, search: string): BrowseArgs | null {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim();
  const list = (lines: readonly string[] | null, query: string | null = null): BrowseArgs => ({
    lines,
    q: query,
    filters: parseFilters(params, query !== null),
  });
  if (section === 'shop' && !slug) return list(null);
  if (section === 'search' && !slug) return q ? list(null, q) : null;
  if (section === 'category' && isCategory(slug)) return list([slug]);
  const brand = section === 'brand' ? brandBySlug(slug) : null;
  return brand ? list(brand.lines) : null;
}

/** The storefront's list calls (docs/shop.md §7), beside the product calls of products-api.ts. */
export const browseApi = api.injectEndpoints({
  endpoints: (build) => ({
    browseProducts: build.infiniteQuery<BrowsePage, BrowseArgs, BrowseCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        // Another page while fewer than `total` are loaded (a last page that happens to be full
        // would otherwise cost one empty call).
        getNextPageParam: (last, all) =>
          all.reduce((n, p) => n + p.products.length, 0) < last.total ? last.next : null,
      },
      async queryFn({ queryArg, pageParam }) {
        try {
          return { data: await readBrowsePage(queryArg, pageParam) };
        } catch (error) {
          return callError(error);
        }
      },
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    // Pairs available in each size of a list, whatever size is chosen (the size chips).
    sizeCounts: build.query<Record<string, number> | null, BrowseArgs>({
      queryFn: (args) =>
        call(async () =>
          countBySize(
            await databases.listDocuments<Product>(
              ids.database,
              ids.products,
              sizeCountQueries(args),
            ),
          ),
        ),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useBrowseProductsInfiniteQuery, useSizeCountsQuery } = browseApi;
