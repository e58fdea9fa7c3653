import {
  deliveryAddressText,
  formatRs,
  formatPakistaniMobile,
  normalizePakistaniMobile,
  orderNumberText,
  orderSummary,
  bankTransferLines,
  confirmUrl,
  shopPhoneText,
  type PaymentType,
  type ShopFacts,
} from '@courtside/shop';
import type { MailMessage } from '../tools/mailer.js';
import { escapeHtml } from '../tools/html.js';
import { typedHtml } from '../tools/typed-text.js';

/** The order e-mails of D18: a confirmation for the customer and a notice for the owner. */

/** Where a message comes from: the shop's address on the web and its facts (facts.ts). */
export interface MailSite {
  url: string;
  facts: ShopFacts;
  /** The hours a cash-on-delivery order has to be confirmed (the setting `confirm_hours`). */
  confirmHours?: number;
}

/** How the shop signs its messages: "Courtside, Lahore, Pakistan". */
export const signature = (facts: ShopFacts) => `${facts.name}, ${facts.address}`;

export interface MailOrder {
  /** The order's id (its number): with `confirm_key`, its confirmation link. */
  $id?: string;
  confirm_key?: string | null;
  order_number: string;
  User_name: string;
  address: string;
  street?: string | null;
  city?: string | null;
  etcaddress?: string | null;
  code?: string | null;
  discount?: number | null;
  /** The delivery charge the order paid (absent or 0: free). */
  delivery?: number | null;
  phone: string;
  /** Null when the buyer gave only a number (a guest's order). */
  email: string | null;
  price: number;
  payment_type: PaymentType;
  products: string[];
}

function summary(order: MailOrder) {
  const sum = orderSummary(order);
  const rows = sum.lines.map((l) => {
    const size = l.size ? `, EUR ${l.size}` : '';
    return {
      text: `${l.quantity} x ${l.title}${size}: ${formatRs(l.amount)}`,
      cells: [`${escapeHtml(l.title)}${size}`, String(l.quantity), formatRs(l.amount)],
    };
  });
  const totals: [string, string][] = [['Subtotal', formatRs(sum.subtotal)]];
  if (sum.discount) {
    totals.push([`Discount code ${sum.discount.code}`, `-${formatRs(sum.discount.amount)}`]);
  }
  totals.push(['Delivery charge', sum.delivery > 0 ? formatRs(sum.delivery) : 'Free']);
  if (sum.codFee) totals.push(['Cash on delivery fee', formatRs(sum.codFee)]);
  totals.push(['Total', formatRs(sum.total)]);
  const text = [...rows.map((r) => r.text), '', ...totals.map(([k, v]) => `${k}: ${v}`)].join('\n');
  const html = `<table cellpadding="6" style="border-collapse:collapse">${rows
    .map((r) => `<tr>${r.cells.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}${totals
    .map(([k, v]) => `<tr><td colspan="2"><b>${k}</b></td><td><b>${v}</b></td></tr>`)
    .join('')}</table>`;
  return { text, html };
}

function paymentText(payment: PaymentType, facts: ShopFacts): string {
  if (payment === 'COD') return 'You pay cash on delivery.';
  const accounts = bankTransferLines(facts).join('\n');
  return `Please pay by bank transfer to one of these accounts:\n${accounts}\nand send us a screenshot of the payment on WhatsApp (${shopPhoneText({ phone: facts.whatsapp })}).`;
}

/** A cash-on-delivery order's confirmation link (order-confirm.ts), or null: none to send. */
export function confirmLinkOf(order: MailOrder, site: MailSite): string | null {
  if (order.payment_type !== 'COD' || !order.confirm_key || !order.$id) return null;
  return confirmUrl(site.url, order.$id, order.confirm_key);
}

const withinHours = (site: MailSite) =>
  site.confirmHours ? ` within ${site.confirmHours} hours` : '';

/** Where the buyer follows an order without an account: /track?order=<number>. */
export const trackPageUrl = (shopUrl: string, orderNumber: string) =>
  new URL(`/track?${new URLSearchParams({ order: orderNumber }).toString()}`, shopUrl).href;

/** One way to reach the buyer, and whether their account has proven it is theirs. */
export interface OrderContact {
  to: string;
  verified: boolean;
}

/** What the shop knows of the account that placed the order (null: none, a deleted one). */
export interface ContactAccount {
  email: string;
  emailVerification: boolean;
  phone: string;
  phoneVerification: boolean;
}

/**
 * Where an order's news goes (docs/shop.md §4): the number given at checkout, by SMS, and the
 * e-mail address given there, if any. Each is `verified` when the account has proven it (a
 * verified address or number equal to the order's); news to a contact nobody has proven shows
 * what the buyer typed only cut short, and the placed order's message counts against that
 * recipient's limits (anyone could have typed it).
 */
export function orderContacts(
  account: ContactAccount | null,
  order: { email?: string | null; phone: string },
): { email: OrderContact | null; phone: OrderContact | null } {
  const email = order.email?.trim() ?? '';
  const phone = normalizePakistaniMobile(order.phone);
  const ownEmail = Boolean(
    account?.emailVerification && email && account.email.toLowerCase() === email.toLowerCase(),
  );
  const ownPhone = Boolean(account?.phoneVerification && phone && account.phone === phone);
  return {
    email: email ? { to: email, verified: ownEmail } : null,
    phone: phone ? { to: phone, verified: ownPhone } : null,
  };
}

/**
 * The placed order's text message: its number, total and payment, and for cash on delivery the
 * link that confirms or cancels it (else the number the shop will call). Nothing the buyer typed
 * but the number, which is checked and normalised.
 */
export function placedSms(order: MailOrder, site: MailSite, contact: OrderContact): MailMessage {
  const pay = order.payment_type === 'COD' ? 'cash on delivery' : 'bank transfer';
  const confirm = confirmLinkOf(order, site);
  return {
    to: contact.to,
    kind: 'order-placed-sms',
    ...(contact.verified ? {} : { limited: true }),
    subject: `Your ${site.facts.name} order ${orderNumberText(order.order_number)}`,
    text: [
      `${site.facts.name}: thank you for your order ${orderNumberText(order.order_number)},`,
      `total ${formatRs(order.price)} (${pay}).`,
      confirm
        ? `Please confirm it${withinHours(site)}. Confirm or cancel: ${confirm}`
        : `We will call you on ${formatPakistaniMobile(contact.to)} to confirm it.`,
      `Follow it: ${trackPageUrl(site.url, order.order_number)}`,
    ].join(' '),
  };
}

/**
 * How a message shows what the buyer typed (name, phone, address): as typed to an address the
 * account has verified; to one nobody has verified, on one line, cut short and HTML-escaped in
 * the plain text too (tools/typed-text.ts), so a stranger's text reaches nobody through the
 * shop's sender as anything but a short quote.
 */
export function buyerText(verified: boolean) {
  return verified
    ? { text: (v: unknown) => String(v ?? ''), html: (v: unknown) => escapeHtml(String(v ?? '')) }
    : { text: typedHtml, html: typedHtml };
}

/**
 * The customer's confirmation. To an address nobody has verified (`verified` false) it counts
 * against the address's limits like any message a stranger can trigger, and shows the buyer's
 * own text only cut short.
 */
export function customerConfirmation(
  order: MailOrder,
  site: MailSite,
  to: string = order.email ?? '',
  verified = true,
): MailMessage {
  const { text, html } = summary(order);
  const typed = buyerText(verified);
  const address = deliveryAddressText(order);
  const payment = paymentText(order.payment_type, site.facts);
  const track = trackPageUrl(site.url, order.order_number);
  const signed = signature(site.facts);
  // The stored number is checked and normalised (order-rules.ts): not typed text.
  const call = formatPakistaniMobile(order.phone);
  const confirm = confirmLinkOf(order, site);
  const ask = confirm
    ? `Please confirm it${withinHours(site)}, or cancel it, with this link: ${confirm}`
    : `We will call you on ${call} to confirm it.`;
  const askHtml = confirm
    ? `Please confirm it${withinHours(site)}, or cancel it: <a href="${confirm}">Confirm or cancel your order</a>`
    : `We will call you on ${escapeHtml(call)} to confirm it.`;
  return {
    to,
    kind: 'order-confirmation',
    ...(verified ? {} : { limited: true }),
    subject: `Your ${site.facts.name} order ${orderNumberText(order.order_number)}`,
    text: [
      `Assalam-o-Alaikum ${typed.text(order.User_name)},`,
      '',
      `Thank you for your order ${orderNumberText(order.order_number)}. ${ask}`,
      '',
      text,
      '',
      payment,
      '',
      `Delivery to: ${typed.text(address)}`,
      `Track your order: ${track}`,
      '',
      signed,
    ].join('\n'),
    html: `<p>Assalam-o-Alaikum ${typed.html(order.User_name)},</p><p>Thank you for your order <b>${orderNumberText(order.order_number)}</b>. ${askHtml}</p>${html}<p>${escapeHtml(payment).replace(/\n/g, '<br>')}</p><p>Delivery to: ${typed.html(address)}</p><p><a href="${track}">Track your order</a></p><p>${escapeHtml(signed)}</p>`,
  };
}

export function ownerNotice(
  order: MailOrder,
  to: string,
  shopUrl: string,
  orderId: string,
): MailMessage {
  const { text, html } = summary(order);
  const link = new URL(`/dashboard/orders/${orderId}`, shopUrl).href;
  const who = [order.User_name, order.phone, order.email].filter(Boolean).join(', ');
  return {
    to,
    kind: 'order-notice',
    subject: `New order ${orderNumberText(order.order_number)}: ${formatRs(order.price)} (${order.payment_type})`,
    text: [
      `New order ${orderNumberText(order.order_number)} from ${who}`,
      `Address: ${deliveryAddressText(order)}`,
      '',
      text,
      '',
      link,
    ].join('\n'),
    html: `<p>New order <b>${orderNumberText(order.order_number)}</b> from ${escapeHtml(who)}</p><p>Address: ${escapeHtml(deliveryAddressText(order))}</p>${html}<p><a href="${link}">Open it in the dashboard</a></p>`,
  };
}
