import {
  CODE_KEPT_FIELDS,
  CODE_NAME_PATTERN,
  isDiscountCode,
  normalizeDiscountCode,
  OWNER_CODE_KIND,
  OWNER_CODE_MESSAGES,
  ownerCodeError,
  SHOP_MESSAGES,
  type OwnerCodeFields,
} from '@courtside/shop';
import type { DocumentHooks, HookContext } from '../modules/databases/contract.js';
import { AppError } from '../protocol/errors.js';
import { requireAdmin, type ShopContext } from './context.js';
import { invalidDocument as invalid } from './errors.js';

/**
 * The owner's discount codes (packages/shop owner-codes.ts) as the dashboard writes them to the
 * admin-only `codes` collection: the name typed in any case becomes the id in capitals; the rules
 * are checked in the owner's words before anything is written; `uses` and `revenue` are the
 * orders' to count (discount-codes.ts spendCode), never set by a client. A welcome code's owner
 * may change its end or switch it off.
 */

const KEPT = new Set<string>(CODE_KEPT_FIELDS);

/** Refuses a kept field sent with another value than the stored one (or its default). */
function refuseKept(data: Record<string, unknown>, current: Record<string, unknown> | null) {
  for (const key of KEPT) {
    if (!(key in data)) continue;
    const stored = current ? (current[key] ?? null) : null;
    const value = data[key] ?? null;
    const isDefault = current === null && (value === null || value === 0);
    if (value !== stored && !isDefault && !(key === 'kind' && value === OWNER_CODE_KIND)) {
      throw invalid('Uses and revenue are counted from the orders: they cannot be set');
    }
  }
}

async function checkProducts(shop: ShopContext, ctx: HookContext, ids: unknown) {
  for (const id of Array.isArray(ids) ? ids : []) {
    const found = await ctx.documents.get(shop.ids.products, String(id));
    if (!found) throw invalid(`There is no product "${String(id)}" in the shop`);
  }
}

function checkRules(code: Record<string, unknown>) {
  const error = ownerCodeError(code as Partial<OwnerCodeFields>);
  if (error) throw invalid(error);
}

export function codeHooks(shop: ShopContext): DocumentHooks {
  return {
    deniedMessage: () => SHOP_MESSAGES.adminOnly,
    async beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      const id = normalizeDiscountCode(input.documentId);
      if (isDiscountCode(id)) throw invalid(OWNER_CODE_MESSAGES.welcomeName);
      if (!CODE_NAME_PATTERN.test(id)) throw invalid(OWNER_CODE_MESSAGES.name);
      refuseKept(input.data, null);
      if (await ctx.documents.get(shop.ids.codes, id)) {
        throw new AppError('document_already_exists', OWNER_CODE_MESSAGES.exists);
      }
      const data: Record<string, unknown> = {
        ...input.data,
        kind: OWNER_CODE_KIND,
        uses: 0,
        revenue: 0,
        email: null,
      };
      checkRules(data);
      await checkProducts(shop, ctx, data.products);
      return { documentId: id, data, permissions: [] };
    },
    async beforeUpdate(ctx, current, patch) {
      requireAdmin(ctx.caller, shop.ids);
      refuseKept(patch.data, current);
      if (current.kind === OWNER_CODE_KIND) {
        checkRules({ ...current, ...patch.data });
        if ('products' in patch.data) await checkProducts(shop, ctx, patch.data.products);
      }
      return { data: patch.data, permissions: [] };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}
