import { storedInfoText, type InfoTextId, type StoredInfoText } from '@courtside/shop';
import { ids } from '../../config/env';
import { api } from '../../lib/api';
import { databases } from '../../lib/appwrite';
import { callError } from '../../lib/errors';

/**
 * The shop's pages and its delivery estimate as the owner saved them (collection `pages`, one
 * document per slug). Null: never saved, so whoever shows it shows the default text
 * (packages/shop info-page-defaults.ts), which stays out of the pages that do not need it.
 */
export const infoPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    infoText: build.query<StoredInfoText | null, InfoTextId>({
      async queryFn(id) {
        try {
          const doc = await databases.getDocument(ids.database, ids.pages, id);
          return { data: storedInfoText(doc) };
        } catch (error) {
          if ((error as { code?: number }).code === 404) return { data: null };
          return callError(error);
        }
      },
      providesTags: (_r, _e, id) => [{ type: 'InfoPage', id }],
    }),
  }),
});

export const { useInfoTextQuery } = infoPagesApi;
