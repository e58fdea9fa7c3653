import { Query } from 'appwrite';
import { saleChange, saleEndChange, type Product } from '@courtside/shop';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';
import type { Picked } from './ProductPicker';

/**
 * The owner's automatic sales (packages/shop owner-sales.ts): the products whose sale has not
 * ended, a sale put on a set of products (each product's disc_price with its window), and a
 * sale ended early (the pair's own discount price back, no window).
 */
export interface NewSale {
  products: Picked[];
  percent: number;
  from: string;
  until: string;
}

const setProduct = (id: string, data: Record<string, unknown>) =>
  databases.updateDocument(ids.database, ids.products, id, data);

export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    saleProducts: build.query<Product[], void>({
      queryFn: () =>
        call(async () => {
          const list = await databases.listDocuments<Product>(ids.database, ids.products, [
            Query.greaterThan('sale_until', new Date().toISOString()),
            Query.orderAsc('sale_until'),
            Query.limit(100),
          ]);
          return list.documents;
        }),
      providesTags: [{ type: 'Product', id: 'SALES' }],
    }),
    startSale: build.mutation<number, NewSale>({
      queryFn: ({ products, percent, from, until }) =>
        call(async () => {
          for (const p of products) {
            await setProduct(p.$id, saleChange(p, percent, from, until));
          }
          return products.length;
        }),
      invalidatesTags: [
        { type: 'Product', id: 'SALES' },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    endSale: build.mutation<null, Product>({
      queryFn: (p) =>
        call(async () => {
          await setProduct(p.$id, saleEndChange(p));
          return null;
        }),
      invalidatesTags: (_r, _e, { $id: id }) => [
        { type: 'Product', id: 'SALES' },
        { type: 'Product', id: 'LIST' },
        { type: 'Product', id },
      ],
    }),
  }),
});

export const { useSaleProductsQuery, useStartSaleMutation, useEndSaleMutation } = salesApi;
