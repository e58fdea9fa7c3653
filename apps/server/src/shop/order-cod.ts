import { codRefusal, SHOP_ERROR_TYPES, type CodRefusal, type ShopSettings } from '@courtside/shop';
import type { TransactionDocuments } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import { shopError } from './errors.js';
import { labelOf } from './numbers.js';

/**
 * Why the owner's rules refuse cash on delivery for an order from this number (+923XXXXXXXXX) to
 * this city for this total (packages/shop cod-rules.ts), or null: the number judged from every
 * order placed with it, whichever the account, and the owner's block, in this transaction.
 */
export async function codRefusalFor(
  shop: ShopContext,
  docs: TransactionDocuments,
  order: { phone: string; city: string; total: number },
  settings: ShopSettings,
): Promise<CodRefusal | null> {
  const label = await labelOf(shop, docs, order.phone, settings);
  return codRefusal({ label, city: order.city, total: order.total }, settings, settings.whatsapp);
}

/**
 * A cash-on-delivery order the rules refuse, refused with their message (shop_cod_refused); any
 * other payment passes:
 * called before the order is inserted, so nothing is reserved for it; the rules are those of the
 * settings read in the order's transaction, so one changed since checkout asked wins.
 */
export async function refuseCod(
  shop: ShopContext,
  docs: TransactionDocuments,
  order: { payment: unknown; phone: string; city: string; total: number },
  settings: ShopSettings,
): Promise<void> {
  if (order.payment !== 'COD') return;
  const refused = await codRefusalFor(shop, docs, order, settings);
  if (refused) throw shopError(SHOP_ERROR_TYPES.codRefused, refused.message);
}
