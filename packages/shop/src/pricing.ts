import type { PaymentType } from './types.js';

/** Cash on delivery adds Rs.500; bank transfer adds nothing (docs/shop.md §9, D2). */
export const COD_FEE = 500;

export interface Priced {
  price: number;
  disc_price?: number | null;
}

export interface PricedLine extends Priced {
  quantity: number;
}

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** True when the product carries a real discount: a positive disc_price below price. */
export function hasDiscount(p: Priced): boolean {
  return isPositiveNumber(p.disc_price) && isPositiveNumber(p.price) && p.disc_price < p.price;
}

/** The price a customer pays for one unit: the one the product page shows (D2). */
export function unitPrice(p: Priced): number {
  return hasDiscount(p) ? (p.disc_price as number) : p.price;
}

/** Sum of unit price x quantity, rounded to whole rupees (D2). */
export function subtotal(lines: readonly PricedLine[]): number {
  return Math.round(lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0));
}

/**
 * What the buyer pays beyond the pairs, as the product page and the cart say it before checkout
 * shows it line by line: the order's price carries no delivery charge, only the COD fee.
 */
export function chargesNote(): string {
  return `Delivery is free. Cash on delivery adds ${formatRs(COD_FEE)}; bank transfer adds nothing.`;
}

export function paymentFee(payment: PaymentType): number {
  return payment === 'COD' ? COD_FEE : 0;
}

/**
 * The order's `price`: subtotal, less a discount code's percentage of it when one applies, plus
 * the COD fee when cash on delivery is chosen (D3).
 */
export function orderTotal(
  lines: readonly PricedLine[],
  payment: PaymentType,
  codePercent = 0,
): number {
  const goods = subtotal(lines);
  return goods - codeDiscount(goods, codePercent) + paymentFee(payment);
}

/** Percentage off: 100 minus the rounded ratio of disc_price to price; 0 without a discount. */
export function discountPercent(p: Priced): number {
  if (!hasDiscount(p)) return 0;
  return 100 - Math.round(((p.disc_price as number) / p.price) * 100);
}

/**
 * "Rs.12,500": every price in the shop shows Rs. (D5), whole rupees grouped by thousands as en-US
 * writes them. Grouped by hand rather than with Intl.NumberFormat: building a number format costs a
 * phone tens of milliseconds on the storefront's start-up (docs/architecture.md#speed).
 */
export function formatRs(amount: number): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `Rs.${whole < 0 ? '-' : ''}${digits}`;
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
