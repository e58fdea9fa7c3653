import { Query, type Models } from 'appwrite';
import type { Product, ProductFields } from '@courtside/shop';
import { api, type ApiBuild } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call, messageOf } from '../../../lib/errors';
import { productQueries, stockQueries, type ProductFilters } from './product-filters';

export interface ProductCounts {
  total: number;
  inStock: number;
  outOfStock: number;
  /** In stock with the low-stock setting's pairs or fewer. */
  lowStock: number;
}

export interface ProductGrid {
  total: number;
  products: Product[];
}

const asProduct = (doc: Models.Document) => doc as unknown as Product;

const listProducts = (queries: string[]) =>
  databases.listDocuments(ids.database, ids.products, queries);

/** What the owner does to several products at once. */
export type BulkAction = 'out-of-stock' | 'delete';

export interface BulkResult {
  done: string[];
  failed: { id: string; message: string }[];
}

const productTag = (id: string) => ({ type: 'Product' as const, id });
const LIST_AND_FIGURES = [productTag('LIST'), productTag('COUNTS'), 'Stats' as const];

/** The fields a product document is written with (docs/shop.md §7, Products). */
export type ProductWrite = Omit<ProductFields, 'product_id' | 'image'> & { image?: string };

/** The grid, its counters and the owner's bulk actions on it. */
const gridEndpoints = (build: ApiBuild) => ({
  /**
   * One page of the grid: by default the 12 newest (docs/shop.md §9), else what the filters ask
   * for, a title search included (D8, server-side).
   */
  dashboardProducts: build.query<ProductGrid, { filters: ProductFilters; lowStock: number }>({
    queryFn: ({ filters, lowStock }) =>
      call(async () => {
        const list = await listProducts(productQueries(filters, lowStock));
        return { total: list.total, products: list.documents.map(asProduct) };
      }),
    providesTags: (result) => [
      { type: 'Product', id: 'LIST' },
      ...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p.$id })),
    ],
  }),
  /** Total = in stock + out of stock (docs/shop.md §9), each read from the list's total. */
  productCounts: build.query<ProductCounts, number>({
    queryFn: (lowStock) =>
      call(async () => {
        const count = async (queries: string[]) =>
          (await listProducts([...queries, Query.limit(1)])).total;
        const [inStock, outOfStock, low] = await Promise.all([
          count(stockQueries('in', lowStock)),
          count(stockQueries('out', lowStock)),
          count(stockQueries('low', lowStock)),
        ]);
        return { total: inStock + outOfStock, inStock, outOfStock, lowStock: low };
      }),
    providesTags: [{ type: 'Product', id: 'COUNTS' }],
  }),
  /**
   * Marks out of stock (the server then sets the count to 0, D16) or deletes (with the images)
   * each product in turn, through the same calls as one product's; a refusal is reported
   * and the rest go on.
   */
  bulkProducts: build.mutation<BulkResult, { ids: string[]; action: BulkAction }>({
    queryFn: ({ ids: chosen, action }) =>
      call(async () => {
        const result: BulkResult = { done: [], failed: [] };
        for (const id of chosen) {
          try {
            if (action === 'delete') {
              await databases.deleteDocument(ids.database, ids.products, id);
            } else {
              await databases.updateDocument(ids.database, ids.products, id, { stoke: 'false' });
            }
            result.done.push(id);
          } catch (error) {
            result.failed.push({ id, message: messageOf(error) });
          }
        }
        return result;
      }),
    invalidatesTags: (_r, _e, { ids: chosen }) => [...LIST_AND_FIGURES, ...chosen.map(productTag)],
  }),
});

/** One product: read, added, changed, deleted. */
const productEndpoints = (build: ApiBuild) => ({
  product: build.query<Product, string>({
    queryFn: (id) =>
      call(async () => asProduct(await databases.getDocument(ids.database, ids.products, id))),
    providesTags: (_r, _e, id) => [{ type: 'Product', id }],
  }),
  createProduct: build.mutation<Product, { id: string; fields: ProductWrite }>({
    queryFn: ({ id, fields }) =>
      call(async () =>
        asProduct(
          await databases.createDocument(ids.database, ids.products, id, {
            ...fields,
            product_id: id,
          }),
        ),
      ),
    invalidatesTags: [{ type: 'Product', id: 'LIST' }, { type: 'Product', id: 'COUNTS' }, 'Stats'],
  }),
  /** Sends `image` only when it changed; the server deletes the replaced file (D16). */
  updateProduct: build.mutation<Product, { id: string; fields: Partial<ProductWrite> }>({
    queryFn: ({ id, fields }) =>
      call(async () =>
        asProduct(await databases.updateDocument(ids.database, ids.products, id, fields)),
      ),
    invalidatesTags: (_r, _e, { id }) => [
      { type: 'Product', id },
      { type: 'Product', id: 'LIST' },
      { type: 'Product', id: 'COUNTS' },
      'Stats',
    ],
  }),
  /** The server deletes the product's images with it (docs/shop.md#the-demo-shop). */
  deleteProduct: build.mutation<null, string>({
    queryFn: (id) =>
      call(async () => {
        await databases.deleteDocument(ids.database, ids.products, id);
        return null;
      }),
    invalidatesTags: [{ type: 'Product', id: 'LIST' }, { type: 'Product', id: 'COUNTS' }, 'Stats'],
  }),
});

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({ ...gridEndpoints(build), ...productEndpoints(build) }),
});

export const {
  useDashboardProductsQuery,
  useProductCountsQuery,
  useBulkProductsMutation,
  useProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
} = productsApi;
