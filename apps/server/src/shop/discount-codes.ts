import {
  CODE_MESSAGES,
  codeExpiredMessage,
  isCodeExpired,
  isDiscountCode,
  newDiscountCode,
  normalizeDiscountCode,
  WELCOME_PERCENT,
} from '@courtside/shop';
import type {
  HookContext,
  StoredDocument,
  TransactionDocuments,
} from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import type { MailMessage } from '../tools/mailer.js';
import type { ShopContext } from './context.js';
import { shopError } from './errors.js';
import type { MailSite } from './order-mail.js';

/**
 * Welcome codes (the subscribe box's promise): one code per e-mail address, kept in the
 * admin-only `codes` collection with the code as its id. Subscribing makes it (or finds the one
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

export interface AppliedCode {
  code: string;
  percent: number;
}

/**
 * The code an order carries, checked and locked until the order's transaction ends: it exists,
 * is unused, belongs to the customer's e-mail address, and the customer has no order yet.
 * Null when the order carries no code.
 */
export async function checkOrderCode(
  shop: ShopContext,
  ctx: HookContext,
  user: { $id: string; email: string },
  value: unknown,
): Promise<AppliedCode | null> {
  if (value === undefined || value === null || value === '') return null;
  return codeVerdict(shop, ctx.documents, user, value, true);
}

/**
 * Whether the customer may use the code, by the rules the order will meet (checkOrderCode): the
 * code and its percentage, or the refusal that says why (an expired code says the day it expired). `forUpdate` locks the code's document
 * until the transaction ends (an order); a check at the code box only reads.
 */
export async function codeVerdict(
  shop: ShopContext,
  documents: TransactionDocuments,
  user: { $id: string; email: string },
  value: unknown,
  forUpdate: boolean,
): Promise<AppliedCode> {
  const code = normalizeDiscountCode(value);
  if (!isDiscountCode(code)) throw refuse(CODE_MESSAGES.malformed);
  const doc = await documents.get(shop.ids.codes, code, { forUpdate });
  if (!doc) throw refuse(CODE_MESSAGES.unknown);
  if (stringOrNull(doc.order_number)) throw refuse(CODE_MESSAGES.used);
  if (isCodeExpired(doc.expires, shop.clock.now())) throw refuse(codeExpiredMessage(doc.expires));
  if (String(doc.email).toLowerCase() !== user.email.toLowerCase()) {
    throw refuse(CODE_MESSAGES.notYours);
  }
  const earlier = await documents.count(shop.ids.orders, [Q.equal('user_id', [user.$id])]);
  if (earlier > 0) throw refuse(CODE_MESSAGES.notFirst);
  return { code, percent: Number(doc.percent) };
}

/** The code is spent on this order (same transaction as the order's creation). */
export async function spendCode(shop: ShopContext, ctx: HookContext, order: StoredDocument) {
  const code = stringOrNull(order.code);
  if (!code) return;
  await ctx.documents.update(shop.ids.codes, code, { order_number: order.order_number });
}

/** An order deleted before delivery gives its code back, so the customer can use it again. */
export async function returnCode(
  shop: ShopContext,
  documents: TransactionDocuments,
  order: StoredDocument,
) {
  const code = stringOrNull(order.code);
  if (!code || order.order_status === 'completed') return;
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
