import { Query, type Models } from 'appwrite';
import { OWNER_CODE_KIND, type OwnerCodeFields } from '@courtside/shop';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * The owner's discount codes (collection `codes`, admins only; packages/shop owner-codes.ts):
 * listed newest first, made with the name as the id (the server stores it in capitals), and
 * switched off or on. Uses and revenue are the server's count.
 */
export interface OwnerCode extends OwnerCodeFields {
  $id: string;
  $createdAt: string;
}

/** What the owner's form sends: the name and the fields they set. */
export type NewCode = { name: string } & Omit<OwnerCodeFields, 'kind' | 'uses' | 'revenue'>;

/** The most codes the page lists (a shop runs a few at a time). */
export const CODES_LISTED = 100;

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

const asCode = (d: Models.Document): OwnerCode => ({
  $id: d.$id,
  $createdAt: d.$createdAt,
  kind: OWNER_CODE_KIND,
  percent: num(d.percent),
  amount_off: num(d.amount_off),
  min_order: num(d.min_order),
  starts: typeof d.starts === 'string' ? d.starts : null,
  expires: typeof d.expires === 'string' ? d.expires : null,
  max_uses: num(d.max_uses),
  per_customer: num(d.per_customer),
  first_order: d.first_order === true,
  products: strings(d.products),
  brands: strings(d.brands),
  off: d.off === true,
  uses: num(d.uses) ?? 0,
  revenue: num(d.revenue) ?? 0,
});

export const codesApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownerCodes: build.query<OwnerCode[], void>({
      queryFn: () =>
        call(async () => {
          const list = await databases.listDocuments(ids.database, ids.codes, [
            Query.equal('kind', [OWNER_CODE_KIND]),
            Query.orderDesc('$createdAt'),
            Query.limit(CODES_LISTED),
          ]);
          return list.documents.map(asCode);
        }),
      providesTags: ['Code'],
    }),
    createCode: build.mutation<OwnerCode, NewCode>({
      queryFn: ({ name, ...fields }) =>
        call(async () =>
          asCode(await databases.createDocument(ids.database, ids.codes, name.trim(), fields)),
        ),
      invalidatesTags: ['Code'],
    }),
    switchCode: build.mutation<OwnerCode, { id: string; off: boolean }>({
      queryFn: ({ id, off }) =>
        call(async () =>
          asCode(await databases.updateDocument(ids.database, ids.codes, id, { off })),
        ),
      invalidatesTags: ['Code'],
    }),
  }),
});

export const { useOwnerCodesQuery, useCreateCodeMutation, useSwitchCodeMutation } = codesApi;
