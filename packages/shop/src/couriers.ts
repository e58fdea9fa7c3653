/**
 * The couriers an order can travel with (docs/shop.md#the-dashboard, D24): the owner picks one and
 * types the tracking number on the order page; the customer's My Orders links to the courier's
 * tracking. The stored `courier` is the id (the schema's enum lists the same ones).
 */
export const COURIER_IDS = ['TCS', 'Leopards', 'M&P', 'PostEx', 'Trax', 'Other'] as const;

export type CourierId = (typeof COURIER_IDS)[number];

interface Courier {
  name: string;
  /** The courier's own page for one parcel, when it has one a link can open directly. */
  parcel?: (trackingNumber: string) => string;
  /** The courier's tracking page, where the number is typed in. */
  page?: string;
}

/**
 * Where each courier tracks a parcel. TCS and M&P open one parcel from its address; Leopards,
 * PostEx and Trax track through a form on their page, so the link opens that page and the
 * customer types the number shown beside it.
 */
const COURIERS: Readonly<Record<CourierId, Courier>> = {
  TCS: { name: 'TCS', parcel: (n) => `https://www.tcsexpress.com/track/${n}` },
  Leopards: { name: 'Leopards', page: 'https://pk.leopardscourier.com/tracking' },
  'M&P': { name: 'M&P', parcel: (n) => `https://www.mulphilog.com/tracking/${n}` },
  PostEx: { name: 'PostEx', page: 'https://postex.pk/tracking' },
  Trax: { name: 'Trax', page: 'https://trax.pk/tracking' },
  Other: { name: 'Other courier' },
};

export function isCourierId(value: unknown): value is CourierId {
  return typeof value === 'string' && (COURIER_IDS as readonly string[]).includes(value);
}

export const courierName = (id: CourierId): string => COURIERS[id].name;

/** The largest tracking number kept; couriers' numbers are 8 to 20 characters. */
export const TRACKING_NUMBER_MAX = 40;

export const SHIPPING_MESSAGES = Object.freeze({
  courier: `The courier must be one of ${COURIER_IDS.join(', ')}`,
  trackingNumber: `A tracking number is 4 to ${TRACKING_NUMBER_MAX} letters, digits or dashes`,
  courierFirst: 'Choose the courier of this tracking number',
});

/**
 * The tracking number as it is kept: spaces the owner typed or pasted removed; null when what is
 * left is not 4 to 40 letters, digits or dashes.
 */
export function normalizeTrackingNumber(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  return new RegExp(`^[A-Za-z0-9-]{4,${TRACKING_NUMBER_MAX}}$`).test(compact) ? compact : null;
}

export interface TrackingLink {
  url: string;
  /** True when the link opens this parcel; false when it opens the courier's tracking form. */
  direct: boolean;
}

/** Where the customer follows the parcel, or null for an unknown courier or no number yet. */
export function trackingLink(
  courier: string | null | undefined,
  trackingNumber: string | null | undefined,
): TrackingLink | null {
  if (!isCourierId(courier) || !trackingNumber) return null;
  const { parcel, page } = COURIERS[courier];
  if (parcel) return { url: parcel(encodeURIComponent(trackingNumber)), direct: true };
  return page ? { url: page, direct: false } : null;
}

/** What an order keeps of its shipping: both may be empty (not handed to a courier yet). */
export interface Shipping {
  courier: CourierId | null;
  tracking_number: string | null;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/**
 * The courier and tracking number as the order page sends them, checked as the server checks
 * them: a courier of the list, a tracking number of 4 to 40 letters, digits or dashes (spaces
 * dropped), and no number without its courier. Empty values clear them.
 */
export function checkShipping(input: {
  courier?: unknown;
  tracking_number?: unknown;
}): { ok: Shipping; error?: undefined } | { error: string } {
  const courier = blank(input.courier) ? null : input.courier;
  if (courier !== null && !isCourierId(courier)) return { error: SHIPPING_MESSAGES.courier };
  if (blank(input.tracking_number)) return { ok: { courier, tracking_number: null } };
  const number =
    typeof input.tracking_number === 'string'
      ? normalizeTrackingNumber(input.tracking_number)
      : null;
  if (number === null) return { error: SHIPPING_MESSAGES.trackingNumber };
  if (courier === null) return { error: SHIPPING_MESSAGES.courierFirst };
  return { ok: { courier, tracking_number: number } };
}
