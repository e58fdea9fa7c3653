import { checkNoteText, customerKey, NOTE_MESSAGES, SHOP_MESSAGES } from '@courtside/shop';
import { invalidDocument as invalid } from './errors.js';
import type {
  HookContext,
  DocumentHooks,
  TransactionDocuments,
} from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import { requireAdmin, type ShopContext } from './context.js';

/**
 * The owner's notes on orders and on customers (docs/shop.md#the-dashboard): their collections
 * let admins alone read, add and delete them (customers read their orders, so the notes live
 * apart); each note names what it is about and holds 1 to 1000 characters. Notes are not edited:
 * a wrong one is deleted. The documents carry no permissions of their own.
 */
function noteHooks(
  shop: ShopContext,
  field: string,
  subjectOf: (ctx: HookContext, value: unknown) => Promise<string | null>,
  unknownMessage: string,
): DocumentHooks {
  return {
    deniedMessage: (_caller, action) =>
      action === 'update' ? NOTE_MESSAGES.notEdited : SHOP_MESSAGES.adminOnly,
    async beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      const subject = await subjectOf(ctx, input.data[field]);
      if (!subject) throw invalid(unknownMessage);
      const checked = checkNoteText(input.data.text);
      if ('error' in checked) throw invalid(checked.error);
      return { ...input, data: { [field]: subject, text: checked.ok }, permissions: [] };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}

/** A note on an order names an order that exists. */
export const orderNoteHooks = (shop: ShopContext): DocumentHooks =>
  noteHooks(
    shop,
    'order_id',
    async (ctx, id) =>
      typeof id === 'string' ? ((await ctx.documents.get(shop.ids.orders, id))?.$id ?? null) : null,
    NOTE_MESSAGES.unknownOrder,
  );

/**
 * A note on a customer names them by their number, kept as the Customers list knows them
 * (+923XXXXXXXXX): "0301 2345678" and "+92 301 2345678" are one customer.
 */
export const customerNoteHooks = (shop: ShopContext): DocumentHooks =>
  noteHooks(shop, 'phone', async (_ctx, phone) => customerKey(phone), NOTE_MESSAGES.noCustomer);

/** An order deleted by the owner takes its notes with it, in the same transaction. */
export async function deleteOrderNotes(
  shop: ShopContext,
  documents: TransactionDocuments,
  orderId: string,
): Promise<void> {
  for (;;) {
    const { documents: notes } = await documents.list(shop.ids.orderNotes, [
      Q.equal('order_id', [orderId]),
      Q.limit(100),
    ]);
    for (const note of notes) await documents.delete(shop.ids.orderNotes, note.$id);
    if (notes.length < 100) return;
  }
}
