import {
  accountsError,
  cleanAccount,
  cleanTextFact,
  SHOP_MESSAGES,
  SHOP_SETTINGS_ID,
  TEXT_FACTS,
  textFactError,
  type PaymentAccount,
  type TextFact,
} from '@courtside/shop';
import { invalidDocument as invalid } from './errors.js';
import type { DocumentHooks } from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';
import { forgetSettings } from './order-holds.js';

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
    }
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

export function settingsHooks(shop: ShopContext): DocumentHooks {
  return {
    deniedMessage: () => SHOP_MESSAGES.adminOnly,
    beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      forgetSettings(ctx.documents);
      if (input.documentId !== SHOP_SETTINGS_ID) {
        throw invalid(`The shop's settings are one document, "${SHOP_SETTINGS_ID}"`);
      }
      return { documentId: SHOP_SETTINGS_ID, data: checkedSettings(input.data), permissions: [] };
    },
    beforeUpdate(ctx, _current, patch) {
      requireAdmin(ctx.caller, shop.ids);
      forgetSettings(ctx.documents);
      return { data: checkedSettings(patch.data), permissions: [] };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}
