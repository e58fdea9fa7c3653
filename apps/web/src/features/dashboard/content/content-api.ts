import { contentFrom, type ShopContent } from '@courtside/shop';
import { contentApi } from '../../../entities/shop/content-api';
import { call } from '../../../lib/errors';
import { writeSettings } from '../settings/settings-api';

/**
 * Saving the storefront's content (shop-content.ts) into the settings document, as JSON text.
 * The server checks it again (every field, every picture) and the whole shop reads it anew.
 */
export const contentSaveApi = contentApi.injectEndpoints({
  endpoints: (build) => ({
    saveContent: build.mutation<ShopContent, ShopContent>({
      queryFn: (content) =>
        call(async () => {
          const doc = await writeSettings({ content: JSON.stringify(content) });
          return contentFrom((doc as { content?: unknown }).content);
        }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useSaveContentMutation } = contentSaveApi;
