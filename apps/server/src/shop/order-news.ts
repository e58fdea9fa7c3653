import type { HookContext, StoredDocument } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import type { mailLine } from './mail-line.js';
import type { CallerUser } from '../protocol/caller.js';
import type { MailMessage } from '../tools/mailer.js';
import {
  customerConfirmation,
  orderContacts,
  ownerNotice,
  placedSms,
  type ContactAccount,
  type MailOrder,
} from './order-mail.js';
import {
  reminderSms,
  statusMail,
  statusSms,
  type OrderNews,
  type StatusMailOrder,
} from './status-mail.js';
import { factsOf } from '@courtside/shop';
import { shopSettings } from './order-holds.js';
import { readSettings } from './public-settings-routes.js';

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

type AccountRow = Awaited<ReturnType<ShopContext['account']['findUserById']>>;

const contactAccount = (
  user: AccountRow | CallerUser | null | undefined,
): ContactAccount | null => {
  if (!user) return null;
  if ('$id' in user) return user;
  return {
    email: user.email ?? '',
    emailVerification: Boolean(user.email_verification),
    phone: user.phone ?? '',
    phoneVerification: Boolean(user.phone_verification),
  };
};

/**
 * Where the order's news goes: its number by SMS, and its e-mail address, or, when the buyer gave
 * none, the account's verified one.
 */
function contactsOf(account: ContactAccount | null, order: MailOrder) {
  const contacts = orderContacts(account, order);
  if (contacts.email || !account?.emailVerification || !account.email) return contacts;
  return { ...contacts, email: { to: account.email, verified: true } };
}

/** The e-mails and text messages around an order (D18, D24; docs/shop.md §4). */
export function orderNews(shop: ShopContext, mail: ReturnType<typeof mailLine>) {
  const owner = ownerAddress(shop);
  return {
    /**
     * The customer's confirmation by SMS and e-mail, and the owner's notice, kept in the mail
     * queue inside the order's own transaction, so an order that is placed has its messages
     * kept, whatever happens to the process after; they start out once it has committed.
     */
    async placed(ctx: HookContext, order: StoredDocument) {
      const o = order as unknown as MailOrder;
      const { email, phone } = contactsOf(contactAccount(ctx.caller.user), o);
      const messages: MailMessage[] = [];
      const settings = await shopSettings(shop, ctx.documents);
      const site = {
        url: shop.shopUrl,
        facts: factsOf(settings),
        confirmHours: settings.confirm_hours,
      };
      if (phone) messages.push(placedSms(o, site, phone));
      if (email) messages.push(customerConfirmation(o, site, email.to, email.verified));
      const to = await owner(ctx);
      if (to) messages.push(ownerNotice(o, to, shop.shopUrl, order.$id));
      const start = await shop.mailer.keepWith(ctx.documents.executor(), messages);
      ctx.afterCommit(() => mail.alongside(order.$id, start()));
    },
    /**
     * Later news (confirmed, shipped, delivered, cancelled, returned) by SMS and e-mail. It
     * follows the owner's action on an order that exists, so it is not counted against the
     * recipient's limits (which are for what anyone can make the shop send by typing an address
     * or a number); to a contact the account has not proven, the buyer's text is cut short.
     */
    told: (order: StoredDocument, news: OrderNews) =>
      mail.later(async () => {
        const user = await shop.account.findUserById(String(order.user_id));
        const o = order as unknown as StatusMailOrder;
        const { email, phone } = contactsOf(contactAccount(user), o);
        const messages: MailMessage[] = [];
        const site = { url: shop.shopUrl, facts: factsOf(await readSettings(shop)) };
        if (phone) messages.push(statusSms(o, news, site, phone.to));
        if (email) messages.push(statusMail(o, news, site, email.to, email.verified));
        return messages;
      }, order.$id),
    /**
     * The one reminder to confirm a cash-on-delivery order (confirm-reminders.ts), by SMS to the
     * order's number, with the link and the hours left.
     */
    remind: (order: StoredDocument, hoursLeft: number) =>
      mail.later(async () => {
        const o = order as unknown as MailOrder;
        const phone = orderContacts(null, o).phone;
        const site = { url: shop.shopUrl, facts: factsOf(await readSettings(shop)) };
        return phone ? [reminderSms(o, site, phone.to, hoursLeft)] : [];
      }, order.$id),
  };
}
