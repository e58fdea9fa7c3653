import { DEFAULT_IDS, type ShopIds } from '@courtside/shop';

/**
 * Where the backend is and what its ids are. Defaults are same-origin (the backend serves the
 * app, and Vite proxies /v1 in development) and the ids every part of Courtside shares.
 */
const env = import.meta.env;

/** The backend's address when configured apart from the page's (VITE_APPWRITE_ENDPOINT). */
export const configuredEndpoint: string | undefined = env.VITE_APPWRITE_ENDPOINT;

export const endpoint: string =
  configuredEndpoint ??
  (typeof window !== 'undefined' ? `${window.location.origin}/v1` : 'http://localhost:3000/v1');

/**
 * The label that makes a user the owner as the server serving the page names it (ADMIN_LABEL, in
 * a `courtside-admin-label` meta tag), so one build serves any owner's label.
 */
function servedAdminLabel(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="courtside-admin-label"]');
  return meta?.content || undefined;
}

export const ids: Readonly<ShopIds> = Object.freeze({
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
  customerNotes: env.VITE_CUSTOMER_NOTES_COLLECTION_ID ?? DEFAULT_IDS.customerNotes,
  orderClients: env.VITE_ORDER_CLIENTS_COLLECTION_ID ?? DEFAULT_IDS.orderClients,
  numbers: env.VITE_NUMBERS_COLLECTION_ID ?? DEFAULT_IDS.numbers,
  numberChanges: env.VITE_NUMBER_CHANGES_COLLECTION_ID ?? DEFAULT_IDS.numberChanges,
  bucket: env.VITE_BUCKET_ID ?? DEFAULT_IDS.bucket,
  adminLabel: servedAdminLabel() ?? env.VITE_ADMIN_LABEL ?? DEFAULT_IDS.adminLabel,
});
