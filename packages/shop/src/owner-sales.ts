import { hasSaleWindow, saleRuns, type Priced } from './unit-price.js';

/**
 * The owner's automatic sales (the dashboard's Codes page, Sales): a percentage off a set of
 * products for a date range. Each product keeps it as its `disc_price` with the range as
 * `sale_from` and `sale_until` (unit-price.ts): the struck-through price shows only while it runs,
 * and orders are priced by it only then. The pair's own discount price waits meanwhile in
 * `regular_disc_price` and comes back when the sale ends, early (End sale) or on time.
 */

type OnSale = Priced & { regular_disc_price?: number | null };

/** What a pair's document gets to go on sale at `percent` off from `from` until `until`. */
export function saleChange(p: OnSale, percent: number, from: string, until: string) {
  return {
    disc_price: salePriceOf(p.price, percent),
    sale_from: from,
    sale_until: until,
    // A pair already on sale keeps the discount it had before that sale.
    regular_disc_price: hasSaleWindow(p) ? (p.regular_disc_price ?? 0) : (p.disc_price ?? 0),
  };
}

/** What a pair's document gets when its sale ends: its own discount price back, no window. */
export const saleEndChange = (p: OnSale) => ({
  disc_price: p.regular_disc_price ?? 0,
  sale_from: null,
  sale_until: null,
  regular_disc_price: null,
});

/** A pair's price at `percent` off, in whole rupees (never below 1). */
export function salePriceOf(price: number, percent: number): number {
  return Math.max(1, Math.round((price * (100 - percent)) / 100));
}

export type SaleStatus = 'scheduled' | 'running' | 'ended';

/** Whether the pair's sale is still to come, running, or over. */
export function saleStatus(p: Priced, now: number = Date.now()): SaleStatus {
  if (saleRuns(p, now)) return 'running';
  const from = typeof p.sale_from === 'string' ? Date.parse(p.sale_from) : NaN;
  return from > now ? 'scheduled' : 'ended';
}

/** The first thing wrong with a sale the owner is making, or null. */
export function saleError(sale: {
  percent: number | null;
  products: number;
  from: string | null;
  until: string | null;
}): string | null {
  if (sale.products === 0) return 'Choose the products the sale is for';
  const p = sale.percent;
  if (p === null || !Number.isInteger(p) || p < 1 || p > 99) {
    return 'The percentage off is a whole number from 1 to 99';
  }
  if (!sale.from || !sale.until) return 'A sale needs a start and an end';
  if (Date.parse(sale.until) <= Date.parse(sale.from)) return 'The sale must end after it starts';
  return null;
}
