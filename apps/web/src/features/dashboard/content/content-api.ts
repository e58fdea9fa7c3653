import { contentFrom, SHOP_SETTINGS_ID, type ShopContent } from '@courtside/shop';
import { ids } from '../../../config/env';
import { contentApi } from '../../../entities/shop/content-api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * Saving the storefront's content (shop-content.ts) into the settings document, as JSON text:
 * the first save of any setting creates the document, later ones change it. The server checks it
 * again (every field, every picture) and the whole shop reads it anew.
 */
export const contentSaveApi = contentApi.injectEndpoints({
  endpoints: (build) => ({
    saveContent: build.mutation<ShopContent, ShopContent>({
      queryFn: (content) =>
        call(async () => {
          const data = { content: JSON.stringify(content) };
          const update = () =>
            databases.updateDocument(ids.database, ids.settings, SHOP_SETTINGS_ID, data);
          const doc = await update().catch((e: { code?: number }) => {
            if (e.code !== 404) throw e;
            return databases
              .createDocument(ids.database, ids.settings, SHOP_SETTINGS_ID, data)
              .catch((c: { code?: number }) => {
                // Created meanwhile (another tab): this save changes it instead.
                if (c.code !== 409) throw c;
                return update();
              });
          });
          return contentFrom((doc as { content?: unknown }).content);
        }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useSaveContentMutation } = contentSaveApi;
