import { Query, type Models } from 'appwrite';
import { DASHBOARD_PRODUCT_GRID, type Product, type ProductFields } from '@courtside/shop';
import { api } from '../../lib/api';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';
import { call } from '../../lib/errors';

/** The dashboard grid shows the 12 newest products (docs/shop.md §9). */
export const GRID_SIZE = DASHBOARD_PRODUCT_GRID;

export interface ProductCounts {
  total: number;
  inStock: number;
  outOfStock: number;
}

export interface ProductGrid {
  total: number;
  products: Product[];
}

const asProduct = (doc: Models.Document) => doc as unknown as Product;

const listProducts = (queries: string[]) =>
  databases.listDocuments(ids.database, ids.products, queries);

/** The fields a product document is written with (docs/shop.md §7, Products). */
export type ProductWrite = Omit<ProductFields, 'product_id' | 'image'> & { image?: string };

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The 12 newest products, or those whose title matches the search (D8, server-side). */
    dashboardProducts: build.query<ProductGrid, string>({
      queryFn: (search) =>
        call(async () => {
          const term = search.trim();
          const queries = [Query.orderDesc('$createdAt'), Query.limit(GRID_SIZE)];
          if (term) queries.unshift(Query.search('title', term));
          const list = await listProducts(queries);
          return { total: list.total, products: list.documents.map(asProduct) };
        }),
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p.$id })),
      ],
    }),
    /** Total = in stock + out of stock (docs/shop.md §9), each read from the list's total. */
    productCounts: build.query<ProductCounts, void>({
      queryFn: () =>
        call(async () => {
          const [inStock, outOfStock] = await Promise.all([
            listProducts([Query.equal('stoke', 'true'), Query.limit(1)]),
            listProducts([Query.equal('stoke', 'false'), Query.limit(1)]),
          ]);
          return {
            total: inStock.total + outOfStock.total,
            inStock: inStock.total,
            outOfStock: outOfStock.total,
          };
        }),
      providesTags: [{ type: 'Product', id: 'COUNTS' }],
    }),
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
      invalidatesTags: [
        { type: 'Product', id: 'LIST' },
        { type: 'Product', id: 'COUNTS' },
        'Stats',
      ],
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
      invalidatesTags: [
        { type: 'Product', id: 'LIST' },
        { type: 'Product', id: 'COUNTS' },
        'Stats',
      ],
    }),
  }),
});

export const {
  useDashboardProductsQuery,
  useProductCountsQuery,
  useProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
} = productsApi;
