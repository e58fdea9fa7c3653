/** What one pair costs: its price, its discount price, and an automatic sale's window. */

export interface Priced {
  price: number;
  disc_price?: number | null;
  /**
   * An automatic sale's window (the owner's Sales, owner-sales.ts): when either is set,
   * `disc_price` is the sale price and holds only from `sale_from` until `sale_until`.
   */
  sale_from?: string | null;
  sale_until?: string | null;
}

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

const momentOf = (value: unknown, otherwise: number) =>
  typeof value === 'string' && value !== '' && Number.isFinite(Date.parse(value))
    ? Date.parse(value)
    : otherwise;

/** Whether the pair's sale window (if it has one) is open at `now`. */
export function saleRuns(p: Priced, now: number = Date.now()): boolean {
  return momentOf(p.sale_from, -Infinity) <= now && now < momentOf(p.sale_until, Infinity);
}

/** Whether the pair has a sale window, running or not. */
export const hasSaleWindow = (p: Priced): boolean =>
  Number.isFinite(momentOf(p.sale_from, NaN)) || Number.isFinite(momentOf(p.sale_until, NaN));

/**
 * True when the product carries a real discount now: a positive disc_price below price, inside
 * its sale window when it has one (so a sale's struck-through price shows only while it runs).
 */
export function hasDiscount(p: Priced, now?: number): boolean {
  return (
    isPositiveNumber(p.disc_price) &&
    isPositiveNumber(p.price) &&
    p.disc_price < p.price &&
    saleRuns(p, now)
  );
}

/** The price a customer pays for one unit now: the one the product page shows (D2). */
export function unitPrice(p: Priced, now?: number): number {
  return hasDiscount(p, now) ? (p.disc_price as number) : p.price;
}
