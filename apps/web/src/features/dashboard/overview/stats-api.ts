import { Query, type Models } from 'appwrite';
import { api } from '../../../lib/api';
import { ids } from '../../../config/env';
import { databases } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * The dashboard's figures (D7), read from the `stats` collection the backend keeps current.
 * This module is the ONLY place that knows that collection's document shape: if the backend's
 * shape changes, adapt `statsDocumentIds` and `statsFromDocuments` and nothing else.
 *
 * Documents assumed (docs/shop.md#the-demo-shop): `day-YYYY-MM-DD` {customers, orders, sales,
 * held},
 * `month-YYYY-MM` {orders, sales}, `products` {products, in_stock, out_of_stock}; days and months
 * in the shop's time zone (Pakistan, UTC+5).
 */
export interface DashboardStats {
  signupsToday: number;
  ordersToday: number;
  /** Rupees of today's orders and of this month's (cancelled and returned ones taken out). */
  salesToday: number;
  salesThisMonth: number;
  ordersThisMonth: number;
  totalProducts: number;
  inStock: number;
  outOfStock: number;
  /**
   * Messages to one address or number held back by the limits per recipient (docs/limits.md):
   * today, and in the last 7 days with today; a burst is someone using the shop to mail-bomb.
   */
  held: { today: number; week: number };
  /**
   * Sales value in rupees per month, January first, 12 entries each; `month` is the current
   * month (0 = January), so the months still to come are not drawn as zero sales.
   */
  sales: { year: number; month: number; thisYear: number[]; lastYear: number[] };
}

const SHOP_UTC_OFFSET_MS = 5 * 60 * 60_000;
const shopDate = (now: Date) => new Date(now.getTime() + SHOP_UTC_OFFSET_MS);
const monthId = (year: number, month: number) => `month-${year}-${String(month).padStart(2, '0')}`;
const yearMonthIds = (year: number) => Array.from({ length: 12 }, (_, i) => monthId(year, i + 1));
/** The days "recent" covers on the Overview, today among them. */
const RECENT_DAYS = 7;
const dayId = (local: Date) => `day-${local.toISOString().slice(0, 10)}`;

export function statsDocumentIds(now: Date) {
  const local = shopDate(now);
  const year = local.getUTCFullYear();
  return {
    year,
    month: local.getUTCMonth(),
    day: dayId(local),
    /** Today and the six days before it. */
    recentDays: Array.from({ length: RECENT_DAYS }, (_, i) =>
      dayId(new Date(local.getTime() - i * 86_400_000)),
    ),
    products: 'products',
    thisYear: yearMonthIds(year),
    lastYear: yearMonthIds(year - 1),
  };
}

const num = (doc: Models.Document | undefined, key: string): number => {
  const value = doc?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** Maps the stats documents to the dashboard's figures; a missing document counts as zero. */
export function statsFromDocuments(docs: readonly Models.Document[], now: Date): DashboardStats {
  const want = statsDocumentIds(now);
  const byId = new Map(docs.map((d) => [d.$id, d]));
  const day = byId.get(want.day);
  const month = byId.get(want.thisYear[want.month]!);
  const products = byId.get(want.products);
  return {
    signupsToday: num(day, 'customers'),
    ordersToday: num(day, 'orders'),
    salesToday: num(day, 'sales'),
    salesThisMonth: num(month, 'sales'),
    ordersThisMonth: num(month, 'orders'),
    totalProducts: num(products, 'products'),
    inStock: num(products, 'in_stock'),
    outOfStock: num(products, 'out_of_stock'),
    held: {
      today: num(day, 'held'),
      week: want.recentDays.reduce((sum, id) => sum + num(byId.get(id), 'held'), 0),
    },
    sales: {
      year: want.year,
      month: want.month,
      thisYear: want.thisYear.map((id) => num(byId.get(id), 'sales')),
      lastYear: want.lastYear.map((id) => num(byId.get(id), 'sales')),
    },
  };
}

/** One request: the 33 documents by id (the last 7 days, product totals, 24 months). */
export async function fetchDashboardStats(now = new Date()): Promise<DashboardStats> {
  const want = statsDocumentIds(now);
  const wanted = [...want.recentDays, want.products, ...want.thisYear, ...want.lastYear];
  const list = await databases.listDocuments(ids.database, ids.stats, [
    Query.equal('$id', wanted),
    Query.limit(wanted.length),
  ]);
  return statsFromDocuments(list.documents, now);
}

/** What an order brought in on average this month; null before the month's first order. */
export function averageOrderValue(
  stats: Pick<DashboardStats, 'salesThisMonth' | 'ordersThisMonth'>,
) {
  return stats.ordersThisMonth > 0
    ? Math.round(stats.salesThisMonth / stats.ordersThisMonth)
    : null;
}

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardStats: build.query<DashboardStats, void>({
      queryFn: () => call(() => fetchDashboardStats()),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useDashboardStatsQuery } = statsApi;
