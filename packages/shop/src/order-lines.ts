import { bankTransferLines, type ShopFacts } from './facts.js';
import { isProductId, orderNumberText } from './ids.js';
import { deliveryCharge, formatRs, subtotal, unitPrice, type Charges } from './pricing.js';
import { SHOP_MESSAGES } from './shop-errors.js';
import type { CartLine, PaymentType } from './types.js';

/**
 * The one codec of an order's `products`: a list holding one JSON string of the cart lines, each
 * a copy of the product with its `quantity` (and `size` when chosen). `encodeOrderLines` writes
 * it; `readOrderLines` reads it leniently for display (a page, an e-mail, a CSV); the server
 * checks a new order strictly with `readRequestedLines`.
 */

/** The most different products, and units of one product, an order may hold. */
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 100;
/** The `products` attribute holds at most this many characters (the orders collection). */
export const ORDER_PRODUCTS_MAX = 65_535;

/**
 * `products` for these lines. A very full cart drops the long texts an order never shows
 * (description, extra images) rather than go over ORDER_PRODUCTS_MAX.
 */
export function encodeOrderLines(lines: readonly object[]): string[] {
  const full = JSON.stringify(lines);
  if (full.length <= ORDER_PRODUCTS_MAX) return [full];
  const short = lines.map((line) => {
    const { description: _d, images: _i, ...rest } = line as Record<string, unknown>;
    return rest;
  });
  return [JSON.stringify(short)];
}

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
 * The cart lines of an order, for display. Malformed data (an imported order, a hand edit) reads
 * as no lines rather than breaking a page.
 */
export function readOrderLines(products: unknown): OrderLine[] {
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

/**
 * How many pairs an order holds: its lines' quantities added up, the number the orders list's
 * "Items" and the export's `items` both show.
 */
export function orderPairCount(products: unknown): number {
  return readOrderLines(products).reduce((n, l) => n + l.quantity, 0);
}

/** One line of a new order as the server checks it: which product and how many. */
export interface RequestedLine {
  productId: string;
  quantity: number;
  /** The title the customer saw, for messages when the product is gone. */
  title: string | undefined;
}

/**
 * The lines of a new order, read strictly: one JSON string of at most MAX_ORDER_LINES lines,
 * each naming a product by `$id` (or `product_id`) with a whole `quantity` of at least 1; lines
 * of the same product are merged, at most MAX_LINE_QUANTITY units each. Sorted by product, so
 * concurrent orders take their products in the same order. `error`: why the order is refused.
 */
export function readRequestedLines(
  products: unknown,
): { lines: RequestedLine[] } | { error: string } {
  if (!Array.isArray(products) || products.length !== 1 || typeof products[0] !== 'string') {
    return { error: 'The order must list its products as one JSON text of the cart lines' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(products[0]);
  } catch {
    return { error: 'The order lists its products in a form that cannot be read' };
  }
  if (!Array.isArray(parsed)) return { error: 'The order must list its products as cart lines' };
  if (parsed.length === 0) return { error: SHOP_MESSAGES.emptyCart };
  if (parsed.length > MAX_ORDER_LINES) {
    return { error: `An order can hold at most ${MAX_ORDER_LINES} different products` };
  }
  const merged = new Map<string, RequestedLine>();
  for (const raw of parsed) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { error: 'Every cart line must be a product with a quantity' };
    }
    const line = raw as Record<string, unknown>;
    const id = line.$id ?? line.product_id;
    const title = typeof line.title === 'string' ? line.title : undefined;
    const named = title ? `"${title}"` : undefined;
    if (typeof id !== 'string' || !isProductId(id)) {
      return { error: `${named ?? 'A cart line'} does not name a product of the shop` };
    }
    const quantity = line.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return { error: `The quantity of ${named ?? 'every item'} must be at least 1` };
    }
    const previous = merged.get(id);
    const total = (previous?.quantity ?? 0) + quantity;
    if (total > MAX_LINE_QUANTITY) {
      return { error: `At most ${MAX_LINE_QUANTITY} of one product fit in an order` };
    }
    merged.set(id, { productId: id, quantity: total, title: previous?.title ?? title });
  }
  return { lines: [...merged.values()].sort((a, b) => a.productId.localeCompare(b.productId)) };
}

export const paymentLabel = (payment: PaymentType | string): string =>
  payment === 'COD' ? 'Cash on delivery' : 'Bank transfer';

/**
 * The message "Send order on WhatsApp" prepares (D14): order number, lines and total, and for a
 * bank transfer the payee and wallet accounts.
 */
export function orderWhatsappText(
  order: {
    order_number: string;
    lines: readonly OrderLine[];
    price: number;
    payment_type: PaymentType | string;
    /** The charges the order paid, when it has them (pricing.ts). */
    delivery?: number | null;
    cod_fee?: number | null;
  },
  facts: Pick<ShopFacts, 'accounts'>,
): string {
  const lines = order.lines.map((l) => {
    const size = l.size ? ` (EUR ${l.size})` : '';
    return `- ${l.title}${size} x${l.quantity}: ${formatRs(unitPrice(l) * l.quantity)}`;
  });
  // A bank order carries where to pay, so the chat keeps the accounts next to the screenshot.
  const bank =
    order.payment_type === 'Bank'
      ? [`I will pay ${formatRs(order.price)} by bank transfer to:`, ...bankTransferLines(facts)]
      : [];
  const charges = [
    ...(order.delivery ? [`Delivery charge: ${formatRs(order.delivery)}`] : []),
    ...(order.cod_fee ? [`Cash on delivery fee: ${formatRs(order.cod_fee)}`] : []),
  ];
  return [
    `Hello! I placed order ${orderNumberText(order.order_number)}:`,
    ...lines,
    ...charges,
    `Total: ${formatRs(order.price)} (${paymentLabel(order.payment_type)})`,
    ...bank,
  ].join('\n');
}

/**
 * The message "Order this cart on WhatsApp" prepares (D14): each pair with its size, quantity and
 * price, a link to each pair so the shop sees exactly which ones, and the total with the
 * delivery charge as the owner's charges make it (the pairs alone while they are not known).
 */
export function cartWhatsappText(
  lines: readonly CartLine[],
  productUrl: (id: string) => string,
  charges?: Charges,
): string {
  const items = lines.map((l) => {
    const size = l.size ? ` (EUR ${l.size})` : '';
    return `- ${l.title}${size} x${l.quantity}: ${formatRs(unitPrice(l) * l.quantity)}\n  ${productUrl(l.$id)}`;
  });
  return [
    'Hello! I would like to order:',
    ...items,
    cartTotalLine(subtotal(lines), charges),
    'Please confirm and tell me how to pay.',
  ].join('\n');
}

function cartTotalLine(goods: number, charges: Charges | undefined): string {
  if (!charges) return `Pairs: ${formatRs(goods)}`;
  const delivery = deliveryCharge(goods, charges);
  const cod = charges.codFee ? `, cash on delivery adds ${formatRs(charges.codFee)}` : '';
  const deliveryWords = delivery ? `delivery ${formatRs(delivery)} included` : 'delivery free';
  return `Total: ${formatRs(goods + delivery)}, ${deliveryWords}${cod}`;
}
