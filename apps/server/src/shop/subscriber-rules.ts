import { invalidDocument, shopError } from './errors.js';
import { EMAIL_MESSAGE, factsOf, isEmail, SHOP_MESSAGES } from '@courtside/shop';
import { shopSettings } from './order-holds.js';
import type { DocumentHooks, HookContext } from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';
import { Q } from '../protocol/query-builder.js';
import { codeForEmail, welcomeMail } from './discount-codes.js';
import type { MailMessage } from '../tools/mailer.js';

/**
 * Subscribers (D11): one record per address; only admins read or change the list. Subscribing
 * an address already on the list answers exactly as the first time (the record is made anew), so
 * the box tells nobody whether an address has subscribed. The first subscription of an address
 * (any spelling of it: tools/recipient-key.ts) e-mails it its welcome code; a later one, after
 * unsubscribing, only thanks it. Every such e-mail counts against the address's limits.
 */

function cleanEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!isEmail(email)) throw invalidDocument(EMAIL_MESSAGE);
  return email;
}

function onlyEmail(data: Record<string, unknown>) {
  for (const key of Object.keys(data)) {
    if (key !== 'email') {
      throw invalidDocument(`A subscriber has no field "${key}"`);
    }
  }
}

async function refuseTaken(ctx: HookContext, email: string) {
  const taken = await ctx.documents.list(ctx.collectionId, [Q.equal('email', [email]), Q.limit(1)]);
  if (taken.total > 0) throw shopError('shop_already_subscribed', SHOP_MESSAGES.alreadySubscribed);
}

/** `mailLater` queues an e-mail behind the shop's others (shop/index.ts). */
export function subscriberHooks(
  shop: ShopContext,
  mailLater: (message: MailMessage) => void,
): DocumentHooks {
  return {
    async beforeCreate(ctx, input) {
      onlyEmail(input.data);
      const email = cleanEmail(input.data.email);
      const earlier = await ctx.documents.list(ctx.collectionId, [
        Q.equal('email', [email]),
        Q.limit(1),
      ]);
      for (const old of earlier.documents) await ctx.documents.delete(ctx.collectionId, old.$id);
      const code = await codeForEmail(shop, ctx.documents, email);
      // The code once per address ever, every e-mail within the address's limits
      // (docs/limits.md): the answer is the same whether it goes or is held back.
      const facts = factsOf(await shopSettings(shop, ctx.documents));
      const welcome = welcomeMail(email, code, { url: shop.shopUrl, facts });
      ctx.afterCommit(() => mailLater(welcome));
      // No document permissions: the collection's read("label:admin") is the only way in.
      return { documentId: input.documentId, data: { email }, permissions: [] };
    },
    async beforeUpdate(ctx, current, patch) {
      requireAdmin(ctx.caller, shop.ids);
      onlyEmail(patch.data);
      if (patch.data.email === undefined) return { data: {}, permissions: null };
      const email = cleanEmail(patch.data.email);
      if (email !== current.email) await refuseTaken(ctx, email);
      return { data: { email }, permissions: null };
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
  };
}
