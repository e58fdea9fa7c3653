import { DEFAULT_FACTS, FACTS_PATH, factsFromServer, type ShopFacts } from '@courtside/shop';
import { SHOP_FACTS_ID } from '@courtside/shop/web-page';
import type { ReactNode } from 'react';
import { ShopFactsContext } from '../../lib/shop-facts';
import { endpoint } from '../../config/env';
import { api } from '../../lib/api';
import { client } from '../../lib/appwrite';
import { call } from '../../lib/errors';
import { pageJson } from '../../lib/page-json';

/**
 * The shop's facts (its name, numbers, e-mail, address, social links, bank and wallet accounts,
 * size exchange days) as the owner last saved them in the dashboard. The server writes them
 * into every page's head, so the app has them before its first render (seedShopFacts); a server-
 * rendered page has them in its data. Saving the settings in the dashboard reads them anew.
 */
export const factsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopFacts: build.query<ShopFacts, void>({
      queryFn: () =>
        call(async () => {
          const answer = await client.call('get', new URL(`${endpoint}${FACTS_PATH}`));
          return factsFromServer(answer);
        }),
      providesTags: ['Settings'],
      // The facts change only when the owner saves them: kept for the whole visit.
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

/** The facts the page's head carries (the server wrote them), or null when it has none. */
export function factsInPage(doc: Document): ShopFacts | null {
  const sent = pageJson(doc, SHOP_FACTS_ID);
  return sent === undefined ? null : factsFromServer(sent);
}

/** Puts the page's facts into the store before the first render, when the page carries them. */
export function seedShopFacts(
  dispatch: (action: ReturnType<typeof factsApi.util.upsertQueryEntries>) => unknown,
  doc: Document,
): void {
  const facts = factsInPage(doc);
  if (!facts) return;
  dispatch(
    factsApi.util.upsertQueryEntries([{ endpointName: 'shopFacts', arg: undefined, value: facts }]),
  );
}

/**
 * Gives every component the saved facts (lib/shop-facts.ts useShopFacts), or the defaults until
 * they have loaded (only where the page's head did not carry them: development).
 */
export function ShopFactsProvider({ children }: { children: ReactNode }) {
  const facts = factsApi.useShopFactsQuery().data ?? DEFAULT_FACTS;
  return <ShopFactsContext value={facts}>{children}</ShopFactsContext>;
}
