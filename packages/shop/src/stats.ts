/**
 * The dashboard's figures (D7) live as documents of the `stats` collection, kept current by the
 * backend; only admins read them. Days and months are counted in the shop's time zone
 * (Pakistan Standard Time, UTC+5, no daylight saving).
 */
export const SHOP_UTC_OFFSET_MINUTES = 5 * 60;

/** The document with the product totals: products, in_stock, out_of_stock. */
export const STATS_PRODUCTS_ID = 'products';

function shopTime(date: Date): Date {
  return new Date(date.getTime() + SHOP_UTC_OFFSET_MINUTES * 60_000);
}

/** "2026-11-22": the shop's calendar day of an instant. */
export function shopDay(date: Date): string {
  return shopTime(date).toISOString().slice(0, 10);
}

/** "2026-11": the shop's calendar month of an instant. */
export function shopMonth(date: Date): string {
  return shopTime(date).toISOString().slice(0, 7);
}

/**
 * "2026-11-22 21:30": an instant as the shop's clock shows it (Pakistan time), the way every
 * date column of the dashboard's exports writes it; an unreadable date stays as it is.
 */
export function shopDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return shopTime(date).toISOString().slice(0, 16).replace('T', ' ');
}

export function shopYear(date: Date): number {
  return shopTime(date).getUTCFullYear();
}

/** The document of one day: customers (sign-ups), orders and sales (order totals in rupees). */
export const statsDayId = (date: Date): string => `day-${shopDay(date)}`;

/** The document of one month: orders and sales. */
export const statsMonthId = (year: number, month: number): string =>
  `month-${year}-${String(month).padStart(2, '0')}`;

/** The twelve month document ids of a year, January first. */
export function statsYearMonthIds(year: number): string[] {
  return Array.from({ length: 12 }, (_, i) => statsMonthId(year, i + 1));
}

/** Document fields of the stats collection. */
export interface StatsFields {
  kind: 'day' | 'month' | 'products';
  period: string;
  customers: number;
  orders: number;
  sales: number;
  products: number;
  in_stock: number;
  out_of_stock: number;
  /** Messages held back that day by the limits per recipient (docs/limits.md); days only. */
  held: number;
}
