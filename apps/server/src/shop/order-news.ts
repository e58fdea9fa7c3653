import type { HookContext, StoredDocument } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import type { mailLine } from './mail-line.js';
import {
  confirmationRecipient,
  customerConfirmation,
  ownerNotice,
  type MailOrder,
} from './order-mail.js';
import { statusMail, type StatusMailOrder } from './status-mail.js';

/** How long the owner's address, when it is an admin's, is taken as known. */
const OWNER_FRESH_MS = 60_000;

/**
 * The owner's address for order notices: OWNER_EMAIL (or ADMIN_EMAIL), else the first admin's,
 * remembered for a minute. It is read inside the order's transaction, through its executor
 * (on SQLite the one connection is the transaction's until it commits).
 */
function ownerAddress(shop: ShopContext) {
  let known: { address: string; at: number } | null = null;
  return async (ctx: HookContext): Promise<string | null> => {
    if (shop.ownerEmail) return shop.ownerEmail;
    if (known && Date.now() - known.at < OWNER_FRESH_MS) return known.address;
    const address = await shop.account.firstEmailWithLabel(
      shop.ids.adminLabel,
      ctx.documents.executor(),
    );
    known = address ? { address, at: Date.now() } : null;
    return address;
  };
}

/** The e-mails around an order (D18, D24). */
export function orderNews(shop: ShopContext, mail: ReturnType<typeof mailLine>) {
  const owner = ownerAddress(shop);
  return {
    /**
     * The customer's confirmation (when `customer` is an address tied to the account) and the
     * owner's notice, kept in the mail queue inside the order's own transaction, so an order
     * that is placed has its e-mails kept, whatever happens to the process after; they start
     * out once it has committed.
     */
    async placed(ctx: HookContext, order: StoredDocument, customer: string | null) {
      const o = order as unknown as MailOrder;
      const verified = Boolean(ctx.caller.user?.emailVerification);
      const messages = customer ? [customerConfirmation(o, shop.shopUrl, customer, verified)] : [];
      const to = await owner(ctx);
      if (to) messages.push(ownerNotice(o, to, shop.shopUrl, order.$id));
      const start = await shop.mailer.keepWith(ctx.documents.executor(), messages);
      ctx.afterCommit(() => mail.alongside(order.$id, start()));
    },
    /** News of a status the customer should hear about, at an address the account vouches for. */
    statusChanged: (order: StoredDocument) =>
      mail.later(async () => {
        const user = await shop.account.findUserById(String(order.user_id));
        const account = user?.email
          ? { email: user.email, emailVerification: Boolean(user.email_verification) }
          : null;
        const to = confirmationRecipient(account, String(order.email ?? ''));
        const o = order as unknown as StatusMailOrder;
        const verified = Boolean(account?.emailVerification);
        const message = to ? statusMail(o, shop.shopUrl, to, verified) : null;
        return message ? [message] : [];
      }, order.$id),
  };
}
