/**
 * Identifiers shared by the backend, the web app's configuration and every test.
 * Each one can be overridden by configuration; these are the defaults (architecture.md).
 */
export const DEFAULT_IDS = Object.freeze({
  project: 'courtside',
  database: 'shop',
  products: 'products',
  orders: 'orders',
  subscribers: 'subscribers',
  stats: 'stats',
  deliveries: 'deliveries',
  codes: 'codes',
  /** The shop's own pages (privacy, terms, FAQ...) and the delivery estimate: owner-edited text. */
  pages: 'pages',
  /** The owner's settings of the shop: one document, `shop` (shop-settings.ts). */
  settings: 'settings',
  /** The owner's notes on orders: admins only, since customers read their orders. */
  orderNotes: 'order_notes',
  /** The owner's notes on customers, by their number: admins only. */
  customerNotes: 'customer_notes',
  /** Who placed each unconfirmed order (phone, client address): admins read, the server writes. */
  orderClients: 'order_clients',
  /** Blocked (or once blocked) mobile numbers, by their digits: admins read, the server writes. */
  numbers: 'numbers',
  /** Every block and unblock of a number, with who and when: admins read, the server writes. */
  numberChanges: 'number_changes',
  bucket: 'images',
  adminLabel: 'admin',
});

export type ShopIds = { -readonly [K in keyof typeof DEFAULT_IDS]: string };

function randomInt(maxExclusive: number): number {
  const buf = new Uint32Array(1);
  // Rejection sampling keeps every value equally likely.
  const limit = Math.floor(0x1_0000_0000 / maxExclusive) * maxExclusive;
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const n = buf[0]!;
    if (n < limit) return n % maxExclusive;
  }
}

/** A product id: 9 random digits, never starting with 0, also used as the document id. */
export function newProductId(): string {
  return String(100_000_000 + randomInt(900_000_000));
}

/** An order number: 6 random lower-case hex characters, also used as the document id. */
export function newOrderNumber(): string {
  return randomInt(0x1_000_000).toString(16).padStart(6, '0');
}

export const PRODUCT_ID_PATTERN = /^\d{9}$/;
export const ORDER_NUMBER_PATTERN = /^[0-9a-f]{6}$/;

export const isProductId = (value: string): boolean => PRODUCT_ID_PATTERN.test(value);
export const isOrderNumber = (value: string): boolean => ORDER_NUMBER_PATTERN.test(value);

/**
 * An order number as the shop prints it: "#A4D2DD". Stored in lower case (the document id);
 * shown in upper case, which nobody misreads over the phone.
 */
export const orderNumberText = (orderNumber: string): string => `#${orderNumber.toUpperCase()}`;
