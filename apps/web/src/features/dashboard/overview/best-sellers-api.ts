import { Query, type Models } from 'appwrite';
import { api } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/** A product and the pairs of it sold (the server's `sold`: delivered or on the way). */
export interface BestSeller {
  $id: string;
  title: string;
  sold: number;
  stock: number;
}

/** How many best sellers the Overview lists. */
const BEST_SELLERS = 5;

function bestSellerOf(doc: Models.Document): BestSeller {
  const number = (key: string) => (typeof doc[key] === 'number' ? (doc[key] as number) : 0);
  return {
    $id: doc.$id,
    title: typeof doc.title === 'string' ? doc.title : doc.$id,
    sold: number('sold'),
    stock: number('stock'),
  };
}

export const bestSellersApi = api.injectEndpoints({
  endpoints: (build) => ({
    bestSellers: build.query<BestSeller[], void>({
      queryFn: () =>
        call(async () => {
          const list = await databases.listDocuments(ids.database, ids.products, [
            Query.greaterThan('sold', 0),
            Query.orderDesc('sold'),
            Query.limit(BEST_SELLERS),
          ]);
          return list.documents.map(bestSellerOf);
        }),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useBestSellersQuery } = bestSellersApi;
