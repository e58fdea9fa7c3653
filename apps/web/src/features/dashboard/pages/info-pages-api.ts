import {
  storedInfoText,
  type InfoText,
  type InfoTextId,
  type StoredInfoText,
} from '@courtside/shop';
import { Query } from 'appwrite';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * The owner's side of the shop's pages and delivery estimate (collection `pages`): what is saved,
 * saving (the first save creates the page's document, later ones change it) and going back to
 * the default text (the document goes). Every copy of these texts in the cache (the storefront's
 * too) is fetched again after a change.
 */

export const dashboardInfoPagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    savedInfoTexts: build.query<Partial<Record<string, StoredInfoText>>, void>({
      queryFn: () =>
        call(async () => {
          const list = await databases.listDocuments(ids.database, ids.pages, [Query.limit(100)]);
          const saved: Partial<Record<string, StoredInfoText>> = {};
          for (const doc of list.documents) {
            const text = storedInfoText(doc);
            if (text) saved[text.id] = text;
          }
          return saved;
        }),
      providesTags: ['InfoPage'],
    }),
    saveInfoText: build.mutation<null, { id: InfoTextId; text: InfoText; saved: boolean }>({
      queryFn: ({ id, text, saved }) =>
        call(async () => {
          const data = { title: text.title, body: text.body };
          if (saved) await databases.updateDocument(ids.database, ids.pages, id, data);
          else {
            await databases.createDocument(ids.database, ids.pages, id, data).catch((e) => {
              // Saved meanwhile (another tab): this save changes it instead.
              if ((e as { code?: number }).code !== 409) throw e;
              return databases.updateDocument(ids.database, ids.pages, id, data);
            });
          }
          return null;
        }),
      invalidatesTags: ['InfoPage'],
    }),
    resetInfoText: build.mutation<null, InfoTextId>({
      queryFn: (id) =>
        call(async () => {
          await databases.deleteDocument(ids.database, ids.pages, id).catch((e) => {
            if ((e as { code?: number }).code !== 404) throw e;
          });
          return null;
        }),
      invalidatesTags: ['InfoPage'],
    }),
  }),
});

export const { useSavedInfoTextsQuery, useSaveInfoTextMutation, useResetInfoTextMutation } =
  dashboardInfoPagesApi;
