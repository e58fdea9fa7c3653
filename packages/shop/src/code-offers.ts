import { BRANDS, brandOfLine } from './brands.js';
import { formatRs } from './money.js';
import { unitPrice, type Priced } from './unit-price.js';

/**
 * What a discount code takes off an order, the same for the welcome code and the owner's codes
 * (owner-codes.ts): a percentage or a fixed number of rupees off the pairs it is for (all of
 * them, or those of some products or brands), once its minimum is reached. The checkout prices
 * with it as the server does; the COD fee and the delivery charge are never discounted.
 */
export interface CodeOffer {
  /** The code as stored: upper case, no spaces. */
  code: string;
  /** Percent off the pairs it is for (1 to 100); null for a fixed amount. */
  percent: number | null;
  /** Rupees off the pairs it is for, once per order (never more than they cost); or null. */
  amount: number | null;
  /** The least the pairs it is for must come to, in rupees; 0 for no minimum. */
  minOrder: number;
  /** The products (ids) it is for; with `brands` empty too, every pair in the shop. */
  products: string[];
  /** The brands (BRANDS slugs) it is for. */
  brands: string[];
  /** Only a customer's first order may use it. */
  firstOrder: boolean;
}

/** A line as a code looks at it: its product, brand line (category), price and quantity. */
export interface OfferLine extends Priced {
  $id?: string;
  category?: string | null;
  quantity: number;
}

/** A percentage off every pair (the welcome code, a plain owner's code). */
export function percentOffer(code: string, percent: number, firstOrder = false): CodeOffer {
  return { code, percent, amount: null, minOrder: 0, products: [], brands: [], firstOrder };
}

/** Whether the code takes anything off this line. */
export function isOfferLine(offer: CodeOffer, line: OfferLine): boolean {
  if (offer.products.length === 0 && offer.brands.length === 0) return true;
  if (line.$id && offer.products.includes(line.$id)) return true;
  const brand = line.category ? brandOfLine(line.category) : null;
  return brand !== null && offer.brands.includes(brand.slug);
}

/** What the pairs the code is for come to (rounded rupees). */
export function offerSubtotal(offer: CodeOffer, lines: readonly OfferLine[]): number {
  const sum = lines
    .filter((l) => isOfferLine(offer, l))
    .reduce((s, l) => s + unitPrice(l) * l.quantity, 0);
  return Math.round(sum);
}

/** Rupees the code takes off these lines (0 when it is not for any of them or below its minimum). */
export function offerDiscount(offer: CodeOffer, lines: readonly OfferLine[]): number {
  const goods = offerSubtotal(offer, lines);
  if (goods <= 0 || goods < offer.minOrder) return 0;
  if (offer.amount !== null && offer.amount > 0) return Math.min(offer.amount, goods);
  const percent = Math.min(offer.percent ?? 0, 100);
  return percent > 0 ? Math.round((goods * percent) / 100) : 0;
}

const listed = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** "Nike and Jordan pairs", "some pairs", "Nike pairs and some others": who the code is for. */
export function offerScope(offer: CodeOffer): string {
  const brands = offer.brands.map((s) => BRANDS.find((b) => b.slug === s)?.label ?? s);
  if (brands.length === 0) return offer.products.length > 0 ? 'some pairs' : 'every pair';
  return `${listed(brands)} pairs${offer.products.length > 0 ? ' and some others' : ''}`;
}

/** "15% off", "Rs.500 off". */
export function offerLabel(offer: CodeOffer): string {
  if (offer.amount !== null && offer.amount > 0) {
    return `${formatRs(offer.amount)} off`;
  }
  return `${offer.percent ?? 0}% off`;
}

/**
 * Why this cart cannot use the code (the same words at the code box and at the order), or null
 * when it can: none of its pairs is one the code is for, or they do not reach its minimum.
 */
export function offerRefusal(offer: CodeOffer, lines: readonly OfferLine[]): string | null {
  const restricted = offer.products.length > 0 || offer.brands.length > 0;
  const goods = offerSubtotal(offer, lines);
  if (restricted && goods <= 0) {
    return `This code is for ${offerScope(offer)} only: none of them is in your cart`;
  }
  if (goods < offer.minOrder) {
    const what = restricted ? `${offerScope(offer)} worth` : 'an order of';
    const more = formatRs(offer.minOrder - goods);
    return `This code needs ${what} ${formatRs(offer.minOrder)} or more: add ${more} more`;
  }
  return null;
}
