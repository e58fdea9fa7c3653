import { checkOrderNoteText, ORDER_NOTE_MESSAGES, SHOP_MESSAGES } from '@courtside/shop';
import { invalidDocument as invalid } from './errors.js';
import type { DocumentHooks, TransactionDocuments } from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import { requireAdmin, type ShopContext } from './context.js';

/**
 * The owner's notes on orders (docs/shop.md#the-dashboard): the collection lets admins alone read,
 * add and delete them (customers read their orders, so the notes live apart); each note names an
 * order that exists and holds 1 to 1000 characters. Notes are not edited: a wrong one is deleted.
 * The documents carry no permissions of their own.
 */

export function orderNoteHooks(shop: ShopContext): DocumentHooks {
  return {
    deniedMessage: (_caller, action) =>
      action === 'update' ? ORDER_NOTE_MESSAGES.notEdited : SHOP_MESSAGES.adminOnly,
    async beforeCreate(ctx, input) {
      requireAdmin(ctx.caller, shop.ids);
      const { order_id: orderId, text } = input.data;
      const order =
        typeof orderId === 'string' ? await ctx.documents.get(shop.ids.orders, orderId) : null;
      if (!order) throw invalid(ORDER_NOTE_MESSAGES.unknownOrder);
      const checked = checkOrderNoteText(text);
      if ('error' in checked) throw invalid(checked.error);
      return { ...input, data: { order_id: order.$id, text: checked.ok }, permissions: [] };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}

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
