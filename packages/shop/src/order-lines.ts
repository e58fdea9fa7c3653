import { bankTransferLines } from './facts.js';
import { formatRs, unitPrice } from './pricing.js';
import type { PaymentType } from './types.js';

/** One line of a stored order, as much of it as a customer or the owner is shown. */
export interface OrderLine {
  $id: string;
  title: string;
  price: number;
  disc_price: number;
  quantity: number;
  size?: number;
  image?: string;
}

function lineOf(value: unknown): OrderLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.title !== 'string' || typeof v.price !== 'number') return null;
  const quantity = typeof v.quantity === 'number' && v.quantity >= 1 ? Math.floor(v.quantity) : 1;
  return {
    $id: typeof v.$id === 'string' ? v.$id : '',
    title: v.title,
    price: v.price,
    disc_price: typeof v.disc_price === 'number' ? v.disc_price : 0,
    quantity,
    ...(typeof v.size === 'number' ? { size: v.size } : {}),
    ...(typeof v.image === 'string' && v.image ? { image: v.image } : {}),
  };
}

/**
 * The cart lines of an order: `products` is a list holding one JSON string of them (D1).
 * Malformed data (an imported order, a hand edit) reads as no lines rather than breaking a page.
 */
export function parseOrderLines(products: unknown): OrderLine[] {
  if (!Array.isArray(products)) return [];
  const lines: OrderLine[] = [];
  for (const chunk of products) {
    if (typeof chunk !== 'string') continue;
    try {
      const parsed: unknown = JSON.parse(chunk);
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
        const line = lineOf(item);
        if (line) lines.push(line);
      }
    } catch {
      /* not JSON: skipped */
    }
  }
  return lines;
}

export const paymentLabel = (payment: PaymentType | string): string =>
  payment === 'COD' ? 'Cash on delivery' : 'Bank transfer';

/**
 * The message "Send order on WhatsApp" prepares (D14): order number, lines and total, and for a
 * bank transfer the payee and wallet accounts.
 */
export function orderWhatsappText(order: {
  order_number: string;
  lines: readonly OrderLine[];
  price: number;
  payment_type: PaymentType | string;
}): string {
  const lines = order.lines.map((l) => {
    const size = l.size ? ` (EUR ${l.size})` : '';
    return `- ${l.title}${size} x${l.quantity}: ${formatRs(unitPrice(l) * l.quantity)}`;
  });
  // A bank order carries where to pay, so the chat keeps the accounts next to the screenshot.
  const bank =
    order.payment_type === 'Bank'
      ? [`I will pay ${formatRs(order.price)} by bank transfer to:`, ...bankTransferLines()]
      : [];
  return [
    `Hello! I placed order #${order.order_number}:`,
    ...lines,
    `Total: ${formatRs(order.price)} (${paymentLabel(order.payment_type)})`,
    ...bank,
  ].join('\n');
}
