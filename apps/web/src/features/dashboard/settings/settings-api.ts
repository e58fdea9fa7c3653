import {
  readShopSettings,
  SHOP_SETTINGS_ID,
  type ShopSettings,
  type StoredSettings,
} from '@courtside/shop';
import { ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * The owner's settings of the shop (collection `settings`, one document, admins only): read with
 * the defaults for what was never saved; the first save creates the document, later ones change
 * it.
 */
/**
 * Writes `data` into the settings document: the first save of any setting creates it, later ones
 * change it. Answers the stored document.
 */
export async function writeSettings(data: Record<string, unknown>) {
  const update = () => databases.updateDocument(ids.database, ids.settings, SHOP_SETTINGS_ID, data);
  return update().catch((e: { code?: number }) => {
    if (e.code !== 404) throw e;
    return databases
      .createDocument(ids.database, ids.settings, SHOP_SETTINGS_ID, data)
      .catch((c: { code?: number }) => {
        // Created meanwhile (another tab): this save changes it instead.
        if (c.code !== 409) throw c;
        return update();
      });
  });
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopSettings: build.query<ShopSettings, void>({
      queryFn: () =>
        call(async () => {
          const doc = await databases
            .getDocument(ids.database, ids.settings, SHOP_SETTINGS_ID)
            .catch((e: { code?: number }) => {
              if (e.code === 404) return null;
              throw e;
            });
          return readShopSettings(doc as Partial<ShopSettings> | null);
        }),
      providesTags: ['Settings'],
    }),
    saveShopSettings: build.mutation<ShopSettings, StoredSettings>({
      queryFn: (data) =>
        call(async () => readShopSettings((await writeSettings(data)) as Partial<ShopSettings>)),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useShopSettingsQuery, useSaveShopSettingsMutation } = settingsApi;
