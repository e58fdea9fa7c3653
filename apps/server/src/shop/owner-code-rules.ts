import {
  codeDatesRefusal,
  codeStatus,
  offerOfCode,
  offerRefusal,
  OWNER_CODE_MESSAGES,
  perCustomerMessage,
  CODE_MESSAGES,
  type CodeOffer,
  type OfferLine,
} from '@courtside/shop';
import type { StoredDocument, TransactionDocuments } from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import type { ShopContext } from './context.js';
import { shopError } from './errors.js';

/**
 * Whether an owner's code (packages/shop owner-codes.ts) may go on an order: switched on, uses
 * left, its dates running, the customer's own uses below its limit and (first order only) no
 * order before, and the cart holding enough of the pairs it is for. A customer is their account
 * or the order's phone number (a guest orders by number): both are counted. At the code box a
 * guest has neither yet, and the order judges those two rules.
 */

export interface Buyer {
  /** The account placing the order; null at the code box before a guest has a session. */
  userId: string | null;
  /** The order's phone number as stored (+923…); null at the code box. */
  phone: string | null;
}

const refuse = (message: string) => shopError('shop_code_invalid', message);

/** The buyer's orders (by account, or by number under another account) the queries match. */
async function buyerOrders(
  shop: ShopContext,
  documents: TransactionDocuments,
  buyer: Buyer,
  queries: string[],
): Promise<number> {
  const counts: Promise<number>[] = [];
  if (buyer.userId) {
    counts.push(documents.count(shop.ids.orders, [...queries, Q.equal('user_id', [buyer.userId])]));
  }
  if (buyer.phone) {
    const byPhone = [...queries, Q.equal('phone', [buyer.phone])];
    if (buyer.userId) byPhone.push(Q.notEqual('user_id', buyer.userId));
    counts.push(documents.count(shop.ids.orders, byPhone));
  }
  return (await Promise.all(counts)).reduce((a, b) => a + b, 0);
}

/**
 * The offer of an owner's code read (under lock for an order) as `doc`, or the refusal that
 * says why not; `lines` (the cart, at the order) are judged too when given.
 */
export async function ownerCodeVerdict(
  shop: ShopContext,
  documents: TransactionDocuments,
  doc: StoredDocument,
  buyer: Buyer,
  lines: readonly OfferLine[] | null,
): Promise<CodeOffer> {
  const now = shop.clock.now();
  const status = codeStatus(doc, now);
  if (status === 'off') throw refuse(OWNER_CODE_MESSAGES.off);
  if (status === 'used up') throw refuse(OWNER_CODE_MESSAGES.usedUp);
  const dates = codeDatesRefusal(doc, now);
  if (dates) throw refuse(dates);
  const offer = offerOfCode(doc);
  const perCustomer = typeof doc.per_customer === 'number' ? doc.per_customer : null;
  if (perCustomer !== null) {
    // A cancelled order gave its use back.
    const used = await buyerOrders(shop, documents, buyer, [
      Q.equal('code', [doc.$id]),
      Q.notEqual('order_status', 'cancelled'),
    ]);
    if (used >= perCustomer) throw refuse(perCustomerMessage(perCustomer));
  }
  if (offer.firstOrder && (await buyerOrders(shop, documents, buyer, [])) > 0) {
    throw refuse(OWNER_CODE_MESSAGES.firstOrder);
  }
  if (lines) {
    const refusal = offerRefusal(offer, lines);
    if (refusal) throw refuse(refusal);
  }
  return offer;
}

/** A code the owner made, or a welcome code (kept apart: its rules are discount-codes.ts's). */
export const isOwnerCode = (doc: StoredDocument) => doc.kind === 'owner';

/** The message for a code nobody made. */
export const unknownCode = () => refuse(CODE_MESSAGES.unknown);
