import { CAROUSEL_LIMIT, type Product } from '@courtside/shop';
import { Query } from 'appwrite';
import { api } from '../../app/api';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';

type ApiError = { message: string; code?: number };

function toError(error: unknown): { error: ApiError } {
  const e = error as { message?: string; code?: number };
  return { error: { message: e?.message ?? 'Network error', code: e?.code } };
}

async function list(queries: string[]) {
  try {
    const res = await databases.listDocuments<Product>(ids.database, ids.products, queries);
    return { data: res.documents };
  } catch (error) {
    return toError(error);
  }
}

/** Carousels of spec section 7: excluding a title, 10 products, newest or oldest first. */
export type CarouselOrder = 'newest' | 'best-selling';

export function carouselQueries(order: CarouselOrder, excludeTitle?: string): string[] {
  return [
    ...(excludeTitle ? [Query.notEqual('title', excludeTitle)] : []),
    Query.limit(CAROUSEL_LIMIT),
    order === 'newest' ? Query.orderDesc('$createdAt') : Query.orderAsc('$createdAt'),
  ];
}

/** The storefront's product calls, each exactly as spec section 7 lists it. */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<Product | null, string>({
      async queryFn(id) {
        try {
          return { data: await databases.getDocument<Product>(ids.database, ids.products, id) };
        } catch (error) {
          // An unknown product reads as "not found", every other failure as an error.
          if ((error as { code?: number }).code === 404) return { data: null };
          return toError(error);
        }
      },
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    carousel: build.query<Product[], { order: CarouselOrder; excludeTitle?: string }>({
      queryFn: ({ order, excludeTitle }) => list(carouselQueries(order, excludeTitle)),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    categoryProducts: build.query<Product[], string>({
      queryFn: (slug) => list([Query.equal('category', slug)]),
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
  useCategoryProductsQuery,
  useSearchProductsQuery,
} = productsApi;

/** Extra image ids of a product: `images` is a JSON-encoded list (spec section 3). */
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

export const isInStock = (p: Pick<Product, 'stoke'> & Partial<Pick<Product, 'stock'>>) =>
  p.stoke === 'true' && (typeof p.stock !== 'number' || p.stock > 0);
