import { readOrderLines } from './order-lines.js';
import { paymentFee, subtotal, unitPrice } from './pricing.js';
import type { OrderFields } from './types.js';

/** One line of an order as a receipt shows it: what, which size, how many, at what price. */
export interface SummaryLine {
  title: string;
  size?: number;
  quantity: number;
  /** The price of one pair, in whole rupees. */
  unit: number;
  /** unit x quantity. */
  amount: number;
}

/** What an order adds up to, as its e-mails and printed invoice list it. */
export interface OrderSummary {
  lines: SummaryLine[];
  subtotal: number;
  /** A welcome code and the rupees it took off, when the order used one. */
  discount: { code: string; amount: number } | null;
  /** The delivery charge the order paid (0 when free, and for orders from before there was one). */
  delivery: number;
  /** The cash-on-delivery fee (0 for a bank transfer). */
  codFee: number;
  /** The order's stored total (`price`), the amount the server charged. */
  total: number;
  /** What the courier collects at the door: the total for cash on delivery, else nothing. */
  collect: number;
}

type SummedOrder = Pick<
  OrderFields,
  'products' | 'price' | 'payment_type' | 'code' | 'discount' | 'delivery' | 'cod_fee'
>;

/**
 * An order's lines and totals, read from what the order stored (its lines are copies of the
 * products as they were sold; its total is the one the server computed), never from today's
 * catalogue.
 */
export function orderSummary(order: SummedOrder): OrderSummary {
  const read = readOrderLines(order.products);
  const lines = read.map((l) => ({
    title: l.title,
    ...(l.size !== undefined ? { size: l.size } : {}),
    quantity: l.quantity,
    unit: unitPrice(l),
    amount: unitPrice(l) * l.quantity,
  }));
  return {
    lines,
    subtotal: subtotal(read),
    discount: order.code && order.discount ? { code: order.code, amount: order.discount } : null,
    delivery: typeof order.delivery === 'number' && order.delivery > 0 ? order.delivery : 0,
    codFee: typeof order.cod_fee === 'number' ? order.cod_fee : paymentFee(order.payment_type),
    total: order.price,
    collect: order.payment_type === 'COD' ? order.price : 0,
  };
}
