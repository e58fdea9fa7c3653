import {
  checkInfoText,
  isInfoTextId,
  SHOP_MESSAGES,
  unknownInfoPageMessage,
  type InfoTextId,
} from '@courtside/shop';
import { invalidDocument as invalid } from './errors.js';
import type { DocumentHooks } from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';

/**
 * The shop's pages and its delivery estimate (packages/shop info-pages.ts): anyone reads them,
 * only admins write them, one document per known slug (its id), the title and body checked as
 * the dashboard's form checks them. The collection's read("any") is the only permission: the
 * documents carry none of their own.
 */

function knownId(id: string): InfoTextId {
  if (!isInfoTextId(id)) throw invalid(unknownInfoPageMessage(id));
  return id;
}

function checked(id: InfoTextId, title: unknown, body: unknown) {
  const result = checkInfoText(id, { title: String(title ?? ''), body: String(body ?? '') });
  if (result.error !== undefined) throw invalid(result.error);
  return { title: result.ok.title, body: result.ok.body };
}

export function infoPageHooks(shop: ShopContext): DocumentHooks {
  return {
    deniedMessage: () => SHOP_MESSAGES.adminOnly,
    beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      const id = knownId(input.documentId);
      const data = checked(id, input.data.title, input.data.body);
      return { documentId: id, data, permissions: [] };
    },
    beforeUpdate(ctx, current, patch) {
      requireAdmin(ctx.caller, shop.ids);
      const id = knownId(current.$id);
      const title = patch.data.title ?? current.title;
      const body = patch.data.body ?? current.body;
      const data = checked(id, title, body);
      return { data, permissions: [] };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}
