import { shopMonth } from './stats.js';

/**
 * How cash-on-delivery orders end, month by month (the dashboard's "Confirmations and returns"):
 * how many the buyer confirmed by their link, cancelled by it, or left to expire unconfirmed, and
 * the return-to-origin rate, parcels refused or sent back over parcels shipped. A month is the
 * month the order was placed in, in Pakistan time, so a month's rate settles as its parcels end.
 */

/** What of an order the figures read. */
export interface OutcomeOrder {
  $createdAt: string;
  order_status: string;
  payment_type?: string | null;
  tracking_number?: string | null;
  confirmed_by?: string | null;
  cancelled_by?: string | null;
}

/** The parcel left the shop: it was given a tracking number, or delivered, or sent back. */
export const wasShipped = (o: OutcomeOrder): boolean =>
  Boolean(o.tracking_number) || o.order_status === 'completed' || o.order_status === 'returned';

/** The parcel came back: returned, or cancelled once it was on its way (refused at the door). */
export const wasRefused = (o: OutcomeOrder): boolean =>
  o.order_status === 'returned' || (o.order_status === 'cancelled' && Boolean(o.tracking_number));

export interface OutcomeMonth {
  /** "2026-11". */
  month: string;
  placed: number;
  confirmedByBuyer: number;
  cancelledByBuyer: number;
  expiredUnconfirmed: number;
  shipped: number;
  refused: number;
  /** refused / shipped, 0..1; null when nothing shipped. */
  returnRate: number | null;
}

/** The months from `months - 1` before `now`'s to `now`'s, oldest first ("2026-06" ... "2026-11"). */
export function lastMonths(now: Date, months: number): string[] {
  const [year, month] = shopMonth(now).split('-').map(Number) as [number, number];
  return Array.from({ length: months }, (_, i) => {
    const back = year * 12 + (month - 1) - (months - 1 - i);
    return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
  });
}

/** The figures of each of `months` (from lastMonths) over `orders`; other months' are left out. */
export function outcomesByMonth(
  orders: Iterable<OutcomeOrder>,
  months: readonly string[],
): OutcomeMonth[] {
  const rows = new Map<string, OutcomeMonth>(
    months.map((month) => [
      month,
      {
        month,
        placed: 0,
        confirmedByBuyer: 0,
        cancelledByBuyer: 0,
        expiredUnconfirmed: 0,
        shipped: 0,
        refused: 0,
        returnRate: null,
      },
    ]),
  );
  for (const o of orders) {
    const date = new Date(o.$createdAt);
    const row = Number.isNaN(date.getTime()) ? undefined : rows.get(shopMonth(date));
    if (!row) continue;
    row.placed += 1;
    if (o.confirmed_by === 'buyer') row.confirmedByBuyer += 1;
    if (o.cancelled_by === 'buyer') row.cancelledByBuyer += 1;
    if (o.cancelled_by === 'expiry') row.expiredUnconfirmed += 1;
    if (wasShipped(o)) row.shipped += 1;
    if (wasRefused(o)) row.refused += 1;
  }
  for (const row of rows.values()) {
    row.returnRate = row.shipped > 0 ? row.refused / row.shipped : null;
  }
  return [...rows.values()];
}

/** The admin-only route with these figures: `?months=6` (1 to OUTCOME_MONTHS_MAX). */
export const ORDER_OUTCOMES_PATH = '/shop/order-outcomes';
export const OUTCOME_MONTHS_DEFAULT = 6;
export const OUTCOME_MONTHS_MAX = 24;

/** "12.5%" of a rate, or "–" when nothing shipped. */
export const rateText = (rate: number | null): string =>
  rate === null ? '–' : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')}%`;
