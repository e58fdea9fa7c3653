import { deliveryAddressText, whatsappNumber } from './contact.js';
import { whatsappLink } from './facts.js';
import { orderNumberText } from './ids.js';
import { orderSummary } from './order-summary.js';
import { formatRs } from './pricing.js';
import type { Order } from './types.js';

/**
 * "Message on WhatsApp" on the owner's order page (docs/shop.md#the-dashboard): a chat with the
 * customer's number, prefilled with a confirmation of the order, as a cash-on-delivery shop
 * confirms each order before sending it.
 */

type ChatOrder = Pick<
  Order,
  'User_name' | 'order_number' | '$id' | 'products' | 'price' | 'payment_type' | 'phone'
> &
  Parameters<typeof deliveryAddressText>[0];

const pairsText = (n: number) => (n === 1 ? '1 pair' : `${n} pairs`);

/**
 * The prefilled message: the order's number, its pairs, what to pay and where it goes, and the
 * buyer's confirmation link when there is one (order-confirm.ts).
 */
export function orderConfirmationText(
  order: ChatOrder,
  shopName: string,
  confirmLink: string | null = null,
): string {
  const { lines, collect } = orderSummary(order);
  const pairs = lines.reduce((n, l) => n + l.quantity, 0);
  const firstName = order.User_name.trim().split(/\s+/)[0] ?? '';
  const payment =
    order.payment_type === 'COD'
      ? `Cash to pay on delivery: ${formatRs(collect)}.`
      : `Total ${formatRs(order.price)}, paid by bank transfer.`;
  return [
    `Assalam o Alaikum ${firstName}! This is ${shopName} about your order ${orderNumberText(order.order_number || order.$id)}:`,
    ...lines.map((l) => `- ${l.title}${l.size ? ` (EUR ${l.size})` : ''} x${l.quantity}`),
    `${pairsText(pairs)}. ${payment}`,
    `Delivery to: ${deliveryAddressText(order)}.`,
    confirmLink
      ? `Please confirm or cancel your order here: ${confirmLink}`
      : 'Please reply to confirm your order.',
  ].join('\n');
}

/** The wa.me link to the customer with that message; null when the phone is not a mobile. */
export function customerChatLink(
  order: ChatOrder,
  shopName: string,
  confirmLink: string | null = null,
): string | null {
  const number = whatsappNumber(order.phone);
  return number ? whatsappLink(orderConfirmationText(order, shopName, confirmLink), number) : null;
}
