import { CAROUSEL_LIMIT, searchTerm, type Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { api } from '../../lib/api';
import { LISTED } from './listed';
import { pickRelated, relatedQueries, type RelatedTo } from './related';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { call, callError } from '../../lib/errors';

const list = (queries: string[]) =>
  call(
    async () =>
      (await databases.listDocuments<Product>(ids.database, ids.products, queries)).documents,
  );

/** Matches the header search suggests as one types. */
export const SUGGESTIONS = 6;

/** Pairs in stock before sold-out ones ('true' after 'false'), whatever the sort. */
export const IN_STOCK_FIRST = Query.orderDesc('stoke');

/**
 * The title search for what was typed (searchTerm: shorthands, model numbers whole), written
 * out here because the SDK puts a value between quotes without escaping the ones of a phrase.
 */
export const titleSearch = (typed: string) =>
  `search("title", [${JSON.stringify(searchTerm(typed))}])`;

/**
 * Carousels of docs/shop.md §7: 10 products, newest first (sold-out pairs last) or best selling
 * (most pairs sold, then newest: until something sells, the newest; in stock only).
 */
export type CarouselOrder = 'newest' | 'best-selling';

export function carouselQueries(order: CarouselOrder): string[] {
  return [
    LISTED,
    Query.limit(CAROUSEL_LIMIT),
    ...(order === 'newest'
      ? [IN_STOCK_FIRST, Query.orderDesc('$createdAt')]
      : // Best selling shows pairs one can buy: sold-out ones are left out.
        [Query.equal('stoke', 'true'), Query.orderDesc('sold'), Query.orderDesc('$createdAt')]),
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
    // The header's suggestions: the best few matches (the server orders them best first).
    searchProducts: build.query<Product[], string>({
      queryFn: (text) => list([LISTED, titleSearch(text), Query.limit(SUGGESTIONS)]),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetProductQuery, useCarouselQuery, useRelatedQuery, useSearchProductsQuery } =
  productsApi;
