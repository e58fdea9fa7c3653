import { orderNumberText } from './ids.js';
import type { SummaryLine } from './order-summary.js';
import type { OrderStatus, PaymentType } from './types.js';

/**
 * The buyer confirms (docs/shop.md, "The buyer confirms"): every cash-on-delivery order gets a
 * link, `/confirm/<order id>.<key>`, sent by SMS and e-mail and shown on the thanks page. The key
 * is made by the server at random when the order is placed (`confirm_key`, read only by the buyer
 * and the owner); the link works while the order is pending and its window (the setting
 * `confirm_hours`) is open, and lets the buyer confirm or cancel it once.
 */

/** Who confirmed an order: the buyer by the link, or the owner ("confirmed by phone"). */
export type ConfirmedBy = 'buyer' | 'owner';
/** Who cancelled it: the buyer by the link, the owner, or the expiry of an unconfirmed order. */
export type CancelledBy = 'buyer' | 'owner' | 'expiry';

/** The API path (under /v1): GET with `order` and `key` reads, POST with `action` too acts. */
export const CONFIRM_API_PATH = '/shop/confirm';

/** What the buyer does with the link. */
export type ConfirmAction = 'confirm' | 'cancel';

/** Keys the server makes: 24 characters of base64url (18 random bytes). */
export const CONFIRM_KEY_PATTERN = /^[A-Za-z0-9_-]{24,64}$/;
const ORDER_ID_PATTERN = /^[A-Za-z0-9]{1,36}$/;

/** The link's path on the web app. */
export const confirmPath = (orderId: string, key: string) => `/confirm/${orderId}.${key}`;

/** The full link, on the shop's address. */
export const confirmUrl = (shopUrl: string, orderId: string, key: string) =>
  new URL(confirmPath(orderId, key), shopUrl).href;

/** The order id and key of a link's last part, or null when it is not one the shop makes. */
export function parseConfirmToken(token: string): { order: string; key: string } | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const order = token.slice(0, dot);
  const key = token.slice(dot + 1);
  return ORDER_ID_PATTERN.test(order) && CONFIRM_KEY_PATTERN.test(key) ? { order, key } : null;
}

/** What the confirmation page shows of an order: its pairs and money, where it goes, its state. */
export interface OrderConfirmView {
  order_number: string;
  order_status: OrderStatus;
  payment_type: PaymentType;
  lines: SummaryLine[];
  subtotal: number;
  discount: number;
  delivery: number;
  codFee: number;
  total: number;
  /** Cash the rider collects. */
  collect: number;
  /** The delivery address as the buyer typed it. */
  address: string;
  /** Until when the link confirms (ISO time); after it the order is cancelled unconfirmed. */
  expiresAt: string;
  confirmed_by: ConfirmedBy | null;
  confirmed_at: string | null;
  cancelled_by: CancelledBy | null;
  /** The order has a tracking number: it is on its way. */
  shipped: boolean;
}

export const CONFIRM_ERROR_TYPES = Object.freeze({
  /** Wrong key, another order's, no such order, or not a cash-on-delivery order: all alike. */
  notFound: 'shop_confirm_not_found',
  /** The window closed: the order was (or is about to be) cancelled unconfirmed. */
  expired: 'shop_confirm_expired',
  /** The order is no longer pending: confirmed, cancelled or on its way. */
  used: 'shop_confirm_used',
});

export const CONFIRM_MESSAGES = Object.freeze({
  notFound:
    'This confirmation link is not valid. Please open the link exactly as in your SMS, or message us on WhatsApp.',
  expired:
    'This confirmation link has expired: the order was not confirmed in time, so it is cancelled and its pairs are back on sale. You are welcome to order again.',
  action: 'Choose confirm or cancel',
});

/** Why a link can no longer change an order that moved on. */
export function confirmUsedMessage(
  status: OrderStatus,
  shipped: boolean,
  by: { confirmed_by?: unknown; cancelled_by?: unknown } = {},
): string {
  if (shipped || status === 'completed' || status === 'returned') {
    return 'This order is already on its way, so the link can no longer change it. For any change, message us on WhatsApp.';
  }
  if (status === 'confirmed') {
    return by.confirmed_by === 'buyer'
      ? 'You have already confirmed this order: nothing more to do. We will send it soon.'
      : 'This order is already confirmed: nothing more to do. We will send it soon.';
  }
  if (status === 'cancelled') {
    return by.cancelled_by === 'expiry'
      ? CONFIRM_MESSAGES.expired
      : 'This order is already cancelled. You are welcome to order again.';
  }
  return 'This order can no longer be changed with this link.';
}

/**
 * The shipping rule (setting `confirm_before_shipping`): a cash-on-delivery order gets a
 * tracking number, or is marked complete, only once it is confirmed.
 */
export const CONFIRM_BEFORE_SHIPPING_MESSAGE =
  'This cash-on-delivery order is not confirmed yet: ask the buyer to confirm it with the link in their SMS (or send it on WhatsApp), or call them and mark it Confirmed, before you ship it.';

/** The thanks page's WhatsApp message to the shop: the order's number and its link. */
export function confirmWhatsappText(orderNumber: string, link: string): string {
  return `Assalam o Alaikum! I confirm my order ${orderNumberText(orderNumber)}. Confirmation link: ${link}`;
}

/** How the owner's order page says who confirmed or cancelled it. */
export function confirmedByText(by: unknown): string | null {
  if (by === 'buyer') return 'Confirmed by the buyer (link)';
  if (by === 'owner') return 'Confirmed by phone';
  return null;
}

export function cancelledByText(by: unknown): string | null {
  if (by === 'buyer') return 'Cancelled by the buyer (link)';
  if (by === 'expiry') return 'Expired unconfirmed';
  if (by === 'owner') return 'Cancelled by the shop';
  return null;
}
