import {
  accountsError,
  cleanContent,
  contentError,
  contentFrom,
  contentPictures,
  SHOP_IMAGE_ID_LIST,
  type ShopContent,
  cleanAccount,
  cleanCities,
  cleanTextFact,
  codSettingError,
  SHOP_MESSAGES,
  SHOP_SETTINGS_ID,
  TEXT_FACTS,
  textFactError,
  type PaymentAccount,
  type TextFact,
} from '@courtside/shop';
import { invalidDocument as invalid } from './errors.js';
import type { Executor } from '../db/types.js';
import type { DocumentHooks } from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';
import { forgetSettings } from './order-holds.js';
import { deleteLater } from './product-rules.js';

/**
 * The owner's settings (packages/shop shop-settings.ts): one document, `shop`, which only admins
 * read or write (the collection's permissions; the document carries none of its own). The
 * schema checks the numbers' ranges; the shop's facts (its name, numbers, links and accounts) are
 * checked here, each refused in the owner's words before anything is written, and kept clean:
 * mobile numbers as +923XXXXXXXXX, the accounts as compact JSON.
 */

const isTextFact = (key: string): key is TextFact => Object.hasOwn(TEXT_FACTS, key);

/** The settings' new values, checked and cleaned; the first wrong one is refused. */
export function checkedSettings(data: Record<string, unknown>): Record<string, unknown> {
  const out = { ...data };
  for (const [key, value] of Object.entries(data)) {
    // Never saved, or cleared: the default applies (shop-settings.ts).
    if (value === null || value === undefined) continue;
    if (isTextFact(key)) {
      const error = textFactError(key, value);
      if (error) throw invalid(error);
      out[key] = cleanTextFact(key, value as string);
    } else if (key === 'accounts') {
      out.accounts = JSON.stringify(checkedAccounts(value));
    } else {
      // The risk and cash-on-delivery settings, refused in the owner's words (the schema's
      // range message would name the attribute).
      const error = codSettingError(key, value);
      if (error) throw invalid(error);
      if (key === 'cod_cities') out.cod_cities = JSON.stringify(cleanCities(value));
    }
  }
  return out;
}

/**
 * The storefront's content (shop-content.ts), JSON text: every field checked in the owner's
 * words, and every picture it names a picture in the images bucket (an upload that never arrived,
 * or a file that is not an image, is refused before the home page could show a gap).
 */
export async function checkedContent(
  shop: ShopContext,
  value: unknown,
  within: Executor,
): Promise<string> {
  let content: unknown;
  try {
    content = typeof value === 'string' ? JSON.parse(value) : null;
  } catch {
    content = null;
  }
  if (content === null) throw invalid('The content must be JSON text');
  const error = contentError(content);
  if (error) throw invalid(error);
  const clean = cleanContent(content as ShopContent);
  for (const { at, file } of contentPictures(clean)) {
    const stored = await shop.storage.getFile(shop.ids.bucket, file, within);
    if (!stored) throw invalid(`${at}: the picture was not found; upload it again`);
    if (!stored.mimeType.startsWith('image/')) {
      throw invalid(`${at}: the file must be a picture (png, jpg or webp)`);
    }
  }
  return JSON.stringify(clean);
}

/** The settings' new values, with the content's pictures looked up in storage. */
async function checkedWrite(shop: ShopContext, data: Record<string, unknown>, within: Executor) {
  const out = checkedSettings(data);
  if (data.content !== null && data.content !== undefined) {
    out.content = await checkedContent(shop, data.content, within);
  }
  return out;
}

function checkedAccounts(value: unknown): PaymentAccount[] {
  let list: unknown;
  try {
    list = typeof value === 'string' ? JSON.parse(value) : null;
  } catch {
    list = null;
  }
  if (!Array.isArray(list)) throw invalid('The accounts must be a list, as JSON text');
  const error = accountsError(list);
  if (error) throw invalid(error);
  return (list as PaymentAccount[]).map((a) => cleanAccount({ ...a, iban: a.iban ?? '' }));
}

/** The pictures a settings document's content names. */
const named = (doc: Record<string, unknown>) =>
  doc.content ? contentPictures(contentFrom(doc.content)).map((p) => p.file) : [];

export function settingsHooks(shop: ShopContext): DocumentHooks {
  return {
    deniedMessage: () => SHOP_MESSAGES.adminOnly,
    async beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      forgetSettings(ctx.documents);
      if (input.documentId !== SHOP_SETTINGS_ID) {
        throw invalid(`The shop's settings are one document, "${SHOP_SETTINGS_ID}"`);
      }
      const data = await checkedWrite(shop, input.data, ctx.documents.executor());
      return { documentId: SHOP_SETTINGS_ID, data, permissions: [] };
    },
    async beforeUpdate(ctx, _current, patch) {
      requireAdmin(ctx.caller, shop.ids);
      forgetSettings(ctx.documents);
      return {
        data: await checkedWrite(shop, patch.data, ctx.documents.executor()),
        permissions: [],
      };
    },
    afterUpdate(ctx, before, after) {
      // Pictures the content no longer names are deleted; the seed's own (the defaults', and the
      // loading screen's logo) are kept.
      const kept = new Set([...named(after), ...SHOP_IMAGE_ID_LIST]);
      deleteLater(
        shop,
        ctx,
        named(before).filter((id) => !kept.has(id)),
      );
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}
