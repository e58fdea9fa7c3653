import {
  courierName,
  deliveryAddressText,
  formatRs,
  isCourierId,
  orderNumberText,
  trackingLink,
  shopWhatsappLink,
} from '@courtside/shop';
import type { MailMessage } from '../tools/mailer.js';
import {
  buyerText,
  confirmLinkOf,
  signature,
  trackPageUrl,
  type MailOrder,
  type MailSite,
} from './order-mail.js';

export type StatusMailOrder = MailOrder & {
  order_status: string;
  cancelled_by?: string | null;
  courier?: string | null;
  tracking_number?: string | null;
  paid_amount?: number | null;
};

/**
 * What the customer hears after the order is placed (docs/shop.md §4): confirmed (the shop is
 * packing it), shipped (the courier has it: its name, the tracking number and link), delivered
 * (completed), cancelled and returned. A move back to pending tells the customer nothing new.
 */
export type OrderNews =
  'confirmed' | 'shipped' | 'completed' | 'cancelled' | 'returned' | PaymentNews;

/** The news of an advance payment (payments.ts): received, refunded, or not found. */
export type PaymentNews = 'paid' | 'refunded' | 'payment_not_received';

const NEWS_OF_PAYMENT: Readonly<Record<string, PaymentNews>> = {
  paid: 'paid',
  refunded: 'refunded',
  unpaid: 'payment_not_received',
};

/** The news a new payment state brings (a screenshot sent is the buyer's own doing: none). */
export const newsOfPayment = (state: unknown): PaymentNews | null =>
  (typeof state === 'string' && NEWS_OF_PAYMENT[state]) || null;

const NEWS_OF_STATUS: Readonly<Record<string, OrderNews>> = {
  confirmed: 'confirmed',
  completed: 'completed',
  cancelled: 'cancelled',
  returned: 'returned',
};

/** The news a new status brings, or null when it brings none. */
export const newsOfStatus = (status: unknown): OrderNews | null =>
  (typeof status === 'string' && NEWS_OF_STATUS[status]) || null;

interface Said {
  kind: string;
  subject: string;
  /** The news in a few sentences, nothing the buyer typed in them: e-mail and SMS alike. */
  lines: string[];
}

function shippedLines(order: StatusMailOrder, number: string): string[] {
  const courier = isCourierId(order.courier) ? courierName(order.courier) : 'the courier';
  const link = trackingLink(order.courier, order.tracking_number);
  return [
    `Your order ${number} is on its way with ${courier}, tracking number ${order.tracking_number ?? ''}.`,
    ...(link ? [`Track the parcel: ${link.url}`] : []),
  ];
}

/** Why the order is cancelled, as far as the buyer needs to know (cancelled_by). */
function cancelledLine(order: StatusMailOrder, number: string, site: MailSite): string {
  if (order.cancelled_by === 'buyer') {
    return `Your order ${number} is cancelled, as you asked. Nothing is due for it.`;
  }
  if (order.cancelled_by === 'expiry') {
    return `Your order ${number} was not confirmed in time, so it is cancelled and its pairs are back on sale. Nothing is due for it. You are welcome to order again: ${site.url}`;
  }
  return `Your order ${number} has been cancelled. Nothing more is due for it.`;
}

/** What each piece of news says. */
function said(order: StatusMailOrder, news: OrderNews, site: MailSite): Said {
  const follow = `Follow it: ${trackPageUrl(site.url, order.order_number)}`;
  const number = orderNumberText(order.order_number);
  const subject = (what: string) => `Your ${site.facts.name} order ${number} ${what}`;
  const mistake = `If this is a mistake, message us on WhatsApp: ${shopWhatsappLink(site.facts, `About my order ${number}`)}`;
  switch (news) {
    case 'confirmed':
      return {
        kind: 'order-confirmed',
        subject: subject('is confirmed'),
        lines: [
          `Your order ${number} is confirmed: we are packing it.`,
          order.payment_type === 'COD'
            ? `Please keep ${formatRs(order.price)} ready in cash for the rider.`
            : `Total paid by bank transfer: ${formatRs(order.price)}.`,
          follow,
        ],
      };
    case 'shipped':
      return {
        kind: 'order-shipped',
        subject: subject('is on its way'),
        lines: [...shippedLines(order, number), follow],
      };
    case 'completed':
      return {
        kind: 'order-delivered',
        subject: subject('is delivered'),
        lines: [`Your order ${number} is delivered. Thank you for shopping with us!`],
      };
    case 'cancelled':
      return {
        kind: 'order-cancelled',
        subject: subject('is cancelled'),
        lines: [cancelledLine(order, number, site), mistake],
      };
    case 'returned':
      return {
        kind: 'order-returned',
        subject: subject('is returned'),
        lines: [`Your order ${number} came back to us as returned.`, mistake],
      };
    case 'paid':
      return {
        kind: 'payment-received',
        subject: subject('is paid'),
        lines: [
          `We have received your payment of ${formatRs(order.paid_amount ?? order.price)} for order ${number}. Thank you!`,
          follow,
        ],
      };
    case 'refunded':
      return {
        kind: 'payment-refunded',
        subject: subject('is refunded'),
        lines: [`We have refunded your payment for order ${number}.`, mistake],
      };
    case 'payment_not_received':
      return {
        kind: 'payment-not-received',
        subject: subject('is not paid yet'),
        lines: [
          `We could not find your payment for order ${number} in our account. Please check the transfer, then send the screenshot again on your order's page or on WhatsApp: ${shopWhatsappLink(site.facts, `Payment for my order ${number}`)}`,
        ],
      };
  }
}

/**
 * The news as an e-mail to the order's address. To one the customer's account has verified it
 * shows what the buyer typed as typed; to another, cut short and escaped (order-mail.ts).
 */
export function statusMail(
  order: StatusMailOrder,
  news: OrderNews,
  site: MailSite,
  to: string,
  verified = true,
): MailMessage {
  const s = said(order, news, site);
  const typed = buyerText(verified);
  const delivery =
    news === 'confirmed' ? [`Delivery to: ${typed.text(deliveryAddressText(order))}`] : [];
  return {
    to,
    kind: s.kind,
    subject: s.subject,
    text: [
      `Assalam-o-Alaikum ${typed.text(order.User_name)},`,
      '',
      ...s.lines,
      ...delivery,
      '',
      signature(site.facts),
    ].join('\n'),
  };
}

/** The news as a text message to the order's number: the shop's name, then the news. */
export function statusSms(
  order: StatusMailOrder,
  news: OrderNews,
  site: MailSite,
  to: string,
): MailMessage {
  const s = said(order, news, site);
  return {
    to,
    kind: `${s.kind}-sms`,
    subject: s.subject,
    text: `${site.facts.name}: ${s.lines.join(' ')}`,
  };
}

/**
 * The one reminder to confirm a cash-on-delivery order (docs/shop.md, "The buyer confirms"): its
 * number, the cash to pay, the link, and how long is left before it is cancelled.
 */
export function reminderSms(
  order: MailOrder,
  site: MailSite,
  to: string,
  hoursLeft: number,
): MailMessage {
  const number = orderNumberText(order.order_number);
  const link = confirmLinkOf(order, site) ?? trackPageUrl(site.url, order.order_number);
  const left = hoursLeft <= 1 ? 'within the hour' : `within ${hoursLeft} hours`;
  return {
    to,
    kind: 'order-confirm-reminder-sms',
    subject: `Please confirm your ${site.facts.name} order ${number}`,
    text: `${site.facts.name}: please confirm your order ${number} (${formatRs(order.price)}, cash on delivery) ${left}, or it is cancelled. Confirm or cancel: ${link}`,
  };
}
