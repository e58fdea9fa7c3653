import { CAROUSEL_LIMIT, type Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { api } from '../../lib/api';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { call, callError } from '../../lib/errors';
import { pickRelated, relatedQueries, type RelatedTo } from './related';

const list = (queries: string[]) =>
  call(
    async () =>
      (await databases.listDocuments<Product>(ids.database, ids.products, queries)).documents,
  );

/** One page of a category: its products, how many the category holds, the next page's cursor. */
export interface CategoryPage {
  products: Product[];
  total: number;
  /** The last product's id (the cursor of the next page), or null after the last page. */
  next: string | null;
}

/** Products per category page: a phone screen's worth of rows several times over. */
export const CATEGORY_PAGE_SIZE = 24;

/** Spec section 7's category list (category equals the slug), a page at a time after `cursor`. */
export function categoryQueries(slug: string, cursor: string | null): string[] {
  return [
    Query.equal('category', slug),
    Query.limit(CATEGORY_PAGE_SIZE),
    ...(cursor ? [Query.cursorAfter(cursor)] : []),
  ];
}

/** Carousels of docs/shop.md §7: 10 products, newest or oldest first. */
export type CarouselOrder = 'newest' | 'best-selling';

export function carouselQueries(order: CarouselOrder): string[] {
  return [
    Query.limit(CAROUSEL_LIMIT),
    order === 'newest' ? Query.orderDesc('$createdAt') : Query.orderAsc('$createdAt'),
  ];
}

/** The storefront's product calls, each exactly as docs/shop.md §7 lists it. */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<Product | null, string>({
      async queryFn(id) {
        try {
          return { data: await databases.getDocument<Product>(ids.database, ids.products, id) };
        } catch (error) {
          // An unknown product reads as "not found", every other failure as an error.
          if ((error as { code?: number }).code === 404) return { data: null };
          return callError(error);
        }
      },
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    carousel: build.query<Product[], { order: CarouselOrder }>({
      queryFn: ({ order }) => list(carouselQueries(order)),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    related: build.query<Product[], RelatedTo>({
      queryFn: (to) =>
        call(async () => {
          const lists = await Promise.all(
            relatedQueries(to).map(
              async (queries) =>
                (await databases.listDocuments<Product>(ids.database, ids.products, queries))
                  .documents,
            ),
          );
          return pickRelated(lists, to.id);
        }),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    categoryProducts: build.infiniteQuery<CategoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        // Another page while fewer than `total` are loaded (a last page that happens to be full
        // would otherwise cost one empty call).
        getNextPageParam: (last, all) =>
          all.reduce((n, p) => n + p.products.length, 0) < last.total ? last.next : null,
      },
      async queryFn({ queryArg: slug, pageParam }) {
        try {
          const res = await databases.listDocuments<Product>(
            ids.database,
            ids.products,
            categoryQueries(slug, pageParam),
          );
          const full = res.documents.length === CATEGORY_PAGE_SIZE;
          const next = full ? (res.documents.at(-1)?.$id ?? null) : null;
          return { data: { products: res.documents, total: res.total, next } };
        } catch (error) {
          return callError(error);
        }
      },
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    searchProducts: build.query<Product[], string>({
      queryFn: (text) => list([Query.search('title', text)]),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const {
  useGetProductQuery,
  useCarouselQuery,
  useRelatedQuery,
  useCategoryProductsInfiniteQuery,
  useSearchProductsQuery,
} = productsApi;

/** Extra image ids of a product: `images` is a JSON-encoded list (docs/shop.md §3). */
export function extraImages(product: Pick<Product, 'images'>): string[] {
  try {
    const parsed: unknown = JSON.parse(product.images || '[]');
    return Array.isArray(parsed)
      ? parsed.filter((x): x is string => typeof x === 'string' && x !== '')
      : [];
  } catch {
    return [];
  }
}
