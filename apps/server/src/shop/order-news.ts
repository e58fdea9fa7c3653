import type { StoredDocument } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import type { mailLine } from './mail-line.js';
import {
  confirmationRecipient,
  customerConfirmation,
  ownerNotice,
  type MailOrder,
} from './order-mail.js';
import { statusMail, type StatusMailOrder } from './status-mail.js';

/** The e-mails around an order, queued after its transaction commits (D18, D24). */
export function orderNews(shop: ShopContext, mail: ReturnType<typeof mailLine>) {
  return {
    /** The customer's confirmation (when `customer` is an address tied to the account) and the owner's notice. */
    placed: (order: StoredDocument, customer: string | null) =>
      mail.later(async () => {
        const o = order as unknown as MailOrder;
        const messages = customer ? [customerConfirmation(o, shop.shopUrl, customer)] : [];
        const owner =
          shop.ownerEmail ?? (await shop.account.firstEmailWithLabel(shop.ids.adminLabel));
        if (owner) messages.push(ownerNotice(o, owner, shop.shopUrl, order.$id));
        return messages;
      }, order.$id),
    /** News of a status the customer should hear about, at an address the account vouches for. */
    statusChanged: (order: StoredDocument) =>
      mail.later(async () => {
        const user = await shop.account.findUserById(String(order.user_id));
        const account = user?.email
          ? { email: user.email, emailVerification: Boolean(user.email_verification) }
          : null;
        const to = confirmationRecipient(account, String(order.email ?? ''));
        const o = order as unknown as StatusMailOrder;
        const message = to ? statusMail(o, shop.shopUrl, to) : null;
        return message ? [message] : [];
      }, order.$id),
  };
}
