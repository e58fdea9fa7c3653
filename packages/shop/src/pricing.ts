import { offerDiscount, type CodeOffer } from './code-offers.js';
import { formatRs } from './money.js';
import type { PaymentType } from './types.js';
import { hasDiscount, unitPrice, type Priced } from './unit-price.js';

export { formatRs };
export * from './unit-price.js';

/** Cash on delivery adds Rs.500 (D2) unless the owner's charges say otherwise. */
export const COD_FEE = 500;

/** Delivery is free from a subtotal of Rs.10,000 unless the owner's charges say otherwise. */
export const FREE_DELIVERY_FROM = 10_000;

export interface PricedLine extends Priced {
  quantity: number;
  /** The product and its line (category), for a code that is for some of them only. */
  $id?: string;
  category?: string | null;
}

/** Sum of unit price x quantity, rounded to whole rupees (D2). */
export function subtotal(lines: readonly PricedLine[]): number {
  return Math.round(lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0));
}

/**
 * What the buyer pays beyond the pairs, as the owner sets it (shop-settings.ts): the delivery
 * charge, waived when the pairs come to `freeFrom` or more, and the cash-on-delivery fee.
 */
export interface Charges {
  /** Rupees for delivery below the threshold; 0 when delivery is always free. */
  delivery: number;
  /** The pairs' subtotal (before a code) from which delivery is free. */
  freeFrom: number;
  /** Rupees cash on delivery adds. */
  codFee: number;
}

/** The charges of a shop whose owner has not set them. */
export const DEFAULT_CHARGES: Readonly<Charges> = Object.freeze({
  delivery: 250,
  freeFrom: FREE_DELIVERY_FROM,
  codFee: COD_FEE,
});

/**
 * The delivery charge for pairs worth `goods` (their subtotal before a code, so what the cart
 * promised stays true when a code comes off at checkout).
 */
export function deliveryCharge(goods: number, charges: Charges): number {
  return charges.delivery > 0 && goods < charges.freeFrom ? charges.delivery : 0;
}

/** The shop's free-delivery promise in a few words, from the owner's charges. */
export function freeDeliveryPromise(charges: Charges): string {
  return charges.delivery <= 0
    ? 'Free delivery, always'
    : `Free delivery over ${formatRs(charges.freeFrom)}`;
}

/**
 * What the buyer pays beyond the pairs, in one line, as the product page, the cart and checkout
 * say it; with `goods`, free delivery only when it is true for those pairs.
 */
export function chargesNote(charges: Charges, goods?: number): string {
  const cod = `Cash on delivery +${formatRs(charges.codFee)}, bank transfer adds nothing`;
  let delivery: string;
  if (charges.delivery <= 0) delivery = 'Delivery is free';
  else if (goods === undefined) {
    delivery = `Delivery ${formatRs(charges.delivery)}, free from ${formatRs(charges.freeFrom)}`;
  } else if (deliveryCharge(goods, charges) === 0) delivery = 'Delivery is free for this order';
  else {
    const more = formatRs(charges.freeFrom - goods);
    delivery = `Delivery ${formatRs(charges.delivery)} (free from ${formatRs(charges.freeFrom)}: ${more} more)`;
  }
  return `${delivery} · ${cod}`;
}

export function paymentFee(
  payment: PaymentType,
  charges: Pick<Charges, 'codFee'> = DEFAULT_CHARGES,
): number {
  return payment === 'COD' ? charges.codFee : 0;
}

/** An order's price, line by line, as the server stores it and every page shows it. */
export interface OrderPrice {
  /** The pairs: unit price x quantity, rounded. */
  subtotal: number;
  /** What a discount code took off the pairs. */
  discount: number;
  /** The delivery charge (0 when free for these pairs). */
  delivery: number;
  /** The cash-on-delivery fee (0 for a bank transfer). */
  codFee: number;
  /** The order's `price`. */
  total: number;
}

/**
 * A code on an order: its offer (code-offers.ts), or a bare percentage off every pair; 0 or null
 * for none.
 */
export type OrderCode = CodeOffer | number | null;

/**
 * The one pricing of an order (D2, D3): the pairs, less what a discount code takes off them
 * (code-offers.ts), plus the delivery charge unless the pairs reach the free-delivery threshold,
 * plus the COD fee when cash on delivery is chosen. The server stores its total as the order's
 * `price`.
 */
export function priceOrder(
  lines: readonly PricedLine[],
  payment: PaymentType,
  charges: Charges,
  code: OrderCode = 0,
): OrderPrice {
  const goods = subtotal(lines);
  const discount =
    typeof code === 'number' || code === null
      ? codeDiscount(goods, code ?? 0)
      : Math.min(offerDiscount(code, lines), goods);
  const delivery = deliveryCharge(goods, charges);
  const codFee = paymentFee(payment, charges);
  return {
    subtotal: goods,
    discount,
    delivery,
    codFee,
    total: goods - discount + delivery + codFee,
  };
}

/** The order's `price` (priceOrder's total). */
export function orderTotal(
  lines: readonly PricedLine[],
  payment: PaymentType,
  code: OrderCode,
  charges: Charges,
): number {
  return priceOrder(lines, payment, charges, code).total;
}

/** Percentage off: 100 minus the rounded ratio of disc_price to price; 0 without a discount. */
export function discountPercent(p: Priced): number {
  if (!hasDiscount(p)) return 0;
  return 100 - Math.round(((p.disc_price as number) / p.price) * 100);
}

/**
 * Rupees off a subtotal at `percent` (a welcome code's, discount-codes.ts), rounded to whole
 * rupees. Here rather than beside the codes, so the storefront's first load, which prices carts,
 * does not carry the codes' rules.
 */
export function codeDiscount(subtotal: number, percent: number): number {
  if (!(percent > 0) || !(subtotal > 0)) return 0;
  return Math.round((subtotal * Math.min(percent, 100)) / 100);
}
