import {
  CODE_MESSAGES,
  codeExpiredMessage,
  isCodeExpired,
  isCodeName,
  isDiscountCode,
  newDiscountCode,
  normalizeDiscountCode,
  percentOffer,
  WELCOME_PERCENT,
  type CodeOffer,
  type OfferLine,
} from '@courtside/shop';
import type {
  HookContext,
  StoredDocument,
  TransactionDocuments,
} from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import type { MailMessage } from '../tools/mailer.js';
import type { ShopContext } from './context.js';
import { shopError, signInFirst } from './errors.js';
import { isOwnerCode, ownerCodeVerdict } from './owner-code-rules.js';
import type { MailSite } from './order-mail.js';

/**
 * Discount codes on orders. Welcome codes (the subscribe box's promise): one code per e-mail
 * address, kept in the admin-only `codes` collection with the code as its id, beside the owner's
 * codes (owner-code-rules.ts). Subscribing makes it (or finds the one
 * made before) and e-mails it; an order may carry it once, on the first order of the account
 * with that address. An order that goes away undelivered gives its code back.
 */

const refuse = (message: string) => shopError('shop_code_invalid', message);

/** The address's code, made now when it has none; `used` when an order carries it. */
export async function codeForEmail(
  shop: ShopContext,
  documents: TransactionDocuments,
  email: string,
): Promise<{ code: string; used: string | null }> {
  const found = await documents.list(shop.ids.codes, [Q.equal('email', [email]), Q.limit(1)]);
  const existing = found.documents[0];
  if (existing) return { code: existing.$id, used: stringOrNull(existing.order_number) };
  const code = newDiscountCode();
  await documents.create(shop.ids.codes, code, { email, percent: WELCOME_PERCENT }, []);
  return { code, used: null };
}

const stringOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The code an order carries, checked against the order's lines and buyer and locked until the
 * order's transaction ends, so two orders cannot both take a code's last use: its offer, or null
 * when the order carries no code.
 */
export async function checkOrderCode(
  shop: ShopContext,
  ctx: HookContext,
  user: { $id: string; email: string },
  phone: string,
  value: unknown,
  lines: readonly OfferLine[],
): Promise<CodeOffer | null> {
  if (value === undefined || value === null || value === '') return null;
  return codeVerdict(shop, ctx.documents, user, value, { forUpdate: true, phone, lines });
}

/**
 * Whether the customer may use the code, by the rules the order will meet (checkOrderCode): its
 * offer, or the refusal that says why. A welcome code (CS10-…) belongs to the signed-in account
 * with its e-mail address and works on its first order; an owner's code follows
 * owner-code-rules.ts. At the code box (`forUpdate` false) nothing is locked, and the cart's
 * rules are left to the box (the same offerRefusal) and the order.
 */
export async function codeVerdict(
  shop: ShopContext,
  documents: TransactionDocuments,
  user: { $id: string; email: string } | null,
  value: unknown,
  order: { forUpdate: boolean; phone?: string; lines?: readonly OfferLine[] },
): Promise<CodeOffer> {
  const code = normalizeDiscountCode(value);
  if (!isCodeName(code)) throw refuse(CODE_MESSAGES.malformed);
  const welcome = isDiscountCode(code);
  if (welcome && !user) throw signInFirst(CODE_MESSAGES.signIn);
  const doc = await documents.get(shop.ids.codes, code, { forUpdate: order.forUpdate });
  if (!doc || welcome === isOwnerCode(doc)) throw refuse(CODE_MESSAGES.unknown);
  if (!welcome) {
    const buyer = { userId: user?.$id ?? null, phone: order.phone ?? null };
    return ownerCodeVerdict(shop, documents, doc, buyer, order.lines ?? null);
  }
  if (stringOrNull(doc.order_number)) throw refuse(CODE_MESSAGES.used);
  if (isCodeExpired(doc.expires, shop.clock.now())) throw refuse(codeExpiredMessage(doc.expires));
  if (String(doc.email).toLowerCase() !== user!.email.toLowerCase()) {
    throw refuse(CODE_MESSAGES.notYours);
  }
  const earlier = await documents.count(shop.ids.orders, [Q.equal('user_id', [user!.$id])]);
  if (earlier > 0) throw refuse(CODE_MESSAGES.notFirst);
  return percentOffer(code, Number(doc.percent), true);
}

/**
 * The code is spent on this order (same transaction as the order's creation, the code still
 * locked by its check): a welcome code keeps the order's number; an owner's code counts one more
 * use and the order's total in its revenue.
 */
export async function spendCode(shop: ShopContext, ctx: HookContext, order: StoredDocument) {
  const code = stringOrNull(order.code);
  if (!code) return;
  if (!isDiscountCode(code)) return countUse(shop, ctx.documents, code, order, 1);
  await ctx.documents.update(shop.ids.codes, code, { order_number: order.order_number });
}

async function countUse(
  shop: ShopContext,
  documents: TransactionDocuments,
  code: string,
  order: StoredDocument,
  sign: 1 | -1,
) {
  const doc = await documents.get(shop.ids.codes, code, { forUpdate: true });
  if (!doc) return; // the owner deleted it since
  await documents.update(shop.ids.codes, code, {
    uses: Math.max(0, Number(doc.uses ?? 0) + sign),
    revenue: Math.max(0, Number(doc.revenue ?? 0) + sign * Number(order.price ?? 0)),
  });
}

/**
 * An order deleted or cancelled before delivery gives its code back: the customer can use a
 * welcome code again, and an owner's code has that use (and revenue) back.
 */
export async function returnCode(
  shop: ShopContext,
  documents: TransactionDocuments,
  order: StoredDocument,
) {
  const code = stringOrNull(order.code);
  if (!code || order.order_status === 'completed') return;
  if (!isDiscountCode(code)) return countUse(shop, documents, code, order, -1);
  const doc = await documents.get(shop.ids.codes, code, { forUpdate: true });
  if (doc && doc.order_number === order.order_number) {
    await documents.update(shop.ids.codes, code, { order_number: null });
  }
}

/**
 * The welcome e-mail: the code and how to use it, or, once it is spent, a plain thank-you. The
 * code goes once per address ever (the mail queue's `once`): a later subscription of the address
 * is thanked without it.
 */
export function welcomeMail(
  to: string,
  { code, used }: { code: string; used: string | null },
  site: MailSite,
): MailMessage {
  const shop = site.facts.name;
  const thanks = `Thank you for subscribing to ${shop}: you will hear about new pairs and offers first.`;
  const subscribed = `You are subscribed to ${shop}`;
  const plain = (lines: string[]) => [...lines, '', site.url].join('\n');
  if (used) {
    const text = plain([thanks, `Your welcome code ${code} was used on order #${used}.`]);
    return { to, kind: 'welcome-code', limited: true, subject: subscribed, text };
  }
  return {
    to,
    kind: 'welcome-code',
    limited: true,
    once: true,
    otherwise: { subject: subscribed, text: plain([thanks]) },
    subject: `Your ${WELCOME_PERCENT}% code from ${shop}`,
    text: plain([
      `Thank you for subscribing to ${shop}! Here is your ${WELCOME_PERCENT}% code:`,
      code,
      `Type it at checkout on your first order, logged in with this e-mail address (${to}). It takes ${WELCOME_PERCENT}% off the pairs and works once.`,
    ]),
  };
}
