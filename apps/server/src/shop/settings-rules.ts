import { SHOP_MESSAGES, SHOP_SETTINGS_ID } from '@courtside/shop';
import { invalidDocument as invalid } from './errors.js';
import type { DocumentHooks } from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';

/**
 * The owner's settings (packages/shop shop-settings.ts): one document, `shop`, which only admins
 * read or write (the collection's permissions; the document carries none of its own). The
 * schema checks the values: an unknown setting, or a low-stock threshold outside 1 to 100,000,
 * is refused in its words.
 */

export function settingsHooks(shop: ShopContext): DocumentHooks {
  return {
    deniedMessage: () => SHOP_MESSAGES.adminOnly,
    beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      if (input.documentId !== SHOP_SETTINGS_ID) {
        throw invalid(`The shop's settings are one document, "${SHOP_SETTINGS_ID}"`);
      }
      return { documentId: SHOP_SETTINGS_ID, data: input.data, permissions: [] };
    },
    beforeUpdate(ctx, _current, patch) {
      requireAdmin(ctx.caller, shop.ids);
      return { data: patch.data, permissions: [] };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}
