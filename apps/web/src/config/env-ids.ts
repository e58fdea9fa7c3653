import { DEFAULT_IDS, type ShopIds } from '@courtside/shop';

/** The build's settings as Vite reads them (import.meta.env in the app, `config.env` in a plugin). */
export type BuildEnv = Readonly<Record<string, string | undefined>>;

/** The ids a build names in its VITE_* settings, each at the shared default when unset. */
export function idsFromEnv(env: BuildEnv, servedAdminLabel?: string): Readonly<ShopIds> {
  return Object.freeze({
    project: env.VITE_PROJECT_ID ?? DEFAULT_IDS.project,
    database: env.VITE_DATABASE_ID ?? DEFAULT_IDS.database,
    products: env.VITE_PRODUCTS_COLLECTION_ID ?? DEFAULT_IDS.products,
    orders: env.VITE_ORDERS_COLLECTION_ID ?? DEFAULT_IDS.orders,
    subscribers: env.VITE_SUBSCRIBERS_COLLECTION_ID ?? DEFAULT_IDS.subscribers,
    stats: env.VITE_STATS_COLLECTION_ID ?? DEFAULT_IDS.stats,
    deliveries: env.VITE_DELIVERIES_COLLECTION_ID ?? DEFAULT_IDS.deliveries,
    codes: env.VITE_CODES_COLLECTION_ID ?? DEFAULT_IDS.codes,
    pages: env.VITE_PAGES_COLLECTION_ID ?? DEFAULT_IDS.pages,
    settings: env.VITE_SETTINGS_COLLECTION_ID ?? DEFAULT_IDS.settings,
    orderNotes: env.VITE_ORDER_NOTES_COLLECTION_ID ?? DEFAULT_IDS.orderNotes,
    bucket: env.VITE_BUCKET_ID ?? DEFAULT_IDS.bucket,
    adminLabel: servedAdminLabel ?? env.VITE_ADMIN_LABEL ?? DEFAULT_IDS.adminLabel,
  });
}
