import { CONTENT_PATH, contentFrom, DEFAULT_CONTENT, type ShopContent } from '@courtside/shop';
import { SHOP_CONTENT_ID } from '@courtside/shop/web-page';
import type { ReactNode } from 'react';
import { ShopContentContext } from '../../lib/shop-content';
import { endpoint } from '../../config/env';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { call } from '../../lib/errors';
import { pageJson } from '../../lib/page-json';

/**
 * The storefront's content (the home banner's slides, the promo, the logo and size chart) as the
 * owner last saved it in the dashboard. Like the shop's facts (facts-api.tsx), the server writes
 * it into every page's head, so the home page has it before its first render (seedShopContent);
 * a server-rendered page has it in its data. Saving it in the dashboard reads it anew.
 */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopContent: build.query<ShopContent, void>({
      queryFn: () =>
        call(async () => {
          const answer = await client.call('get', new URL(`${endpoint}${CONTENT_PATH}`));
          return contentFrom(answer);
        }),
      providesTags: ['Settings'],
      // It changes only when the owner saves it: kept for the whole visit.
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

/** The content the page's head carries (the server wrote it), or null when it has none. */
export function contentInPage(doc: Document): ShopContent | null {
  const sent = pageJson(doc, SHOP_CONTENT_ID);
  return sent === undefined ? null : contentFrom(sent);
}

/** Puts the page's content into the store before the first render, when the page carries it. */
export function seedShopContent(
  dispatch: (action: ReturnType<typeof contentApi.util.upsertQueryEntries>) => unknown,
  doc: Document,
): void {
  const content = contentInPage(doc);
  if (!content) return;
  dispatch(
    contentApi.util.upsertQueryEntries([
      { endpointName: 'shopContent', arg: undefined, value: content },
    ]),
  );
}

/**
 * Gives every component the saved content (lib/shop-content.ts useShopContent), or the defaults
 * until it has loaded (only where the page's head did not carry it: development).
 */
export function ShopContentProvider({ children }: { children: ReactNode }) {
  const content = contentApi.useShopContentQuery().data ?? DEFAULT_CONTENT;
  return <ShopContentContext value={content}>{children}</ShopContentContext>;
}
