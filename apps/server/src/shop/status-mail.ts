import { deliveryAddressText, formatRs, SHOP_FACTS, whatsappLink } from '@courtside/shop';
import type { MailMessage } from '../tools/mailer.js';
import { buyerText, type MailOrder } from './order-mail.js';

export type StatusMailOrder = MailOrder & { order_status: string };

/**
 * What the customer hears when the owner changes an order's status: confirmed (it is on its way)
 * and cancelled (the pairs went back on sale). Other changes tell the customer nothing new. The
 * owner's news to an address the customer has verified always goes; to one nobody has verified
 * it counts against that address's limits and shows the buyer's own text only cut short.
 */
export function statusMail(
  order: StatusMailOrder,
  shopUrl: string,
  to: string,
  verified = true,
): MailMessage | null {
  const number = `#${order.order_number}`;
  const track = new URL('/account/my-orders', shopUrl).href;
  const typed = buyerText(verified);
  const hello = `Assalam-o-Alaikum ${typed.text(order.User_name)},`;
  const limited = verified ? {} : { limited: true };
  const sign = `${SHOP_FACTS.name}, ${SHOP_FACTS.city}`;
  if (order.order_status === 'confirmed') {
    const pay =
      order.payment_type === 'COD'
        ? `Please keep ${formatRs(order.price)} ready in cash for the rider.`
        : `Total paid by bank transfer: ${formatRs(order.price)}.`;
    return {
      to,
      kind: 'order-confirmed',
      ...limited,
      subject: `Your ${SHOP_FACTS.name} order ${number} is confirmed`,
      text: [
        hello,
        '',
        `Your order ${number} is confirmed and on its way to ${typed.text(deliveryAddressText(order))}.`,
        pay,
        `Follow it in My Orders: ${track}`,
        '',
        sign,
      ].join('\n'),
    };
  }
  if (order.order_status === 'cancelled') {
    return {
      to,
      kind: 'order-cancelled',
      ...limited,
      subject: `Your ${SHOP_FACTS.name} order ${number} is cancelled`,
      text: [
        hello,
        '',
        `Your order ${number} has been cancelled. Nothing more is due for it.`,
        `If this is a mistake, message us on WhatsApp: ${whatsappLink(`About my order ${number}`)}`,
        '',
        sign,
      ].join('\n'),
    };
  }
  return null;
}
