import { BRANDS } from './brands.js';
import type { CodeOffer } from './code-offers.js';
import { codeExpiredMessage, isDiscountCode, pakistanDay } from './discount-codes.js';

/**
 * The owner's discount codes (the dashboard's Codes page, /dashboard/codes), kept beside the
 * welcome codes in the admin-only `codes` collection with the code as the document id: a name the
 * owner types (EID15; case does not matter, it is stored in capitals), a percentage or a fixed
 * number of rupees off, an optional minimum, start and end, total uses and uses per customer,
 * first order only, and the products or brands it is for. The server keeps `uses` and `revenue`
 * (the orders' totals) inside each order's transaction; `off` switches a code off.
 */

/** Letters, digits, dashes and underscores, 3 to 30 of them, starting with a letter or digit. */
export const CODE_NAME_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;

/** A code name as customers may type it (an owner's or a welcome code). */
export const isCodeName = (code: string): boolean =>
  CODE_NAME_PATTERN.test(code) || isDiscountCode(code);

/** The `kind` of an owner's code (a welcome code has none, or 'welcome'). */
export const OWNER_CODE_KIND = 'owner';

/** The fields of an owner's code as stored (the collection `codes`). */
export interface OwnerCodeFields {
  kind: typeof OWNER_CODE_KIND;
  percent: number | null;
  amount_off: number | null;
  min_order: number | null;
  starts: string | null;
  expires: string | null;
  max_uses: number | null;
  per_customer: number | null;
  first_order: boolean;
  products: string[];
  brands: string[];
  off: boolean;
  /** Orders that used it (kept by the server). */
  uses: number;
  /** What those orders came to, in rupees (kept by the server). */
  revenue: number;
}

/** What the owner sets; the rest the server keeps. */
export const OWNER_CODE_SETTABLE = [
  'percent',
  'amount_off',
  'min_order',
  'starts',
  'expires',
  'max_uses',
  'per_customer',
  'first_order',
  'products',
  'brands',
  'off',
] as const;

/** Kept by the server: a client may send only what is stored. */
export const CODE_KEPT_FIELDS = ['kind', 'uses', 'revenue', 'email', 'order_number'] as const;

export const CODE_STATUSES = ['scheduled', 'active', 'expired', 'used up', 'off'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

/** A stored code as its status needs it (fields of OwnerCodeFields, as read). */
type StatusFields =
  | Partial<Record<'off' | 'starts' | 'expires' | 'max_uses' | 'uses', unknown>>
  | { [field: string]: unknown };

const at = (value: unknown) => (typeof value === 'string' && value ? Date.parse(value) : NaN);

/** Off, used up, expired, scheduled (not started) or active, in that order of precedence. */
export function codeStatus(code: StatusFields, now: Date): CodeStatus {
  if (code.off === true) return 'off';
  if (typeof code.max_uses === 'number' && Number(code.uses ?? 0) >= code.max_uses) {
    return 'used up';
  }
  if (at(code.expires) < now.getTime()) return 'expired';
  if (at(code.starts) > now.getTime()) return 'scheduled';
  return 'active';
}

/** The refusals of an owner's code, in the customer's words. */
export const OWNER_CODE_MESSAGES = {
  usedUp: 'This code is used up: all its uses have gone to other orders',
  off: 'This code is switched off: it cannot be used now',
  perCustomerOnce: 'You have already used this code: it works once per customer',
  firstOrder: 'This code is for a first order only, and you have ordered before',
  exists: 'There is a code with this name already: choose another name',
  name: 'A code name is 3 to 30 letters or digits (dashes and underscores too), like EID15',
  welcomeName: 'Names like CS10-… are the welcome codes’: choose another name',
} as const;

/** "You have used this code 2 times: it works 2 times per customer". */
export function perCustomerMessage(limit: number): string {
  return limit === 1
    ? OWNER_CODE_MESSAGES.perCustomerOnce
    : `You have used this code ${limit} times: it works ${limit} times per customer`;
}

/** "This code starts on 12 Dec 2026" (the day in Pakistan). */
export function codeStartsMessage(starts: string): string {
  return `This code starts on ${pakistanDay(starts)}`;
}

/** The refusal of a code's dates at `now`, or null when it runs. */
export function codeDatesRefusal(code: StatusFields, now: Date): string | null {
  if (at(code.expires) < now.getTime()) return codeExpiredMessage(code.expires as string);
  if (at(code.starts) > now.getTime()) return codeStartsMessage(code.starts as string);
  return null;
}

const BRAND_SLUGS = new Set<string>(BRANDS.map((b) => b.slug));
const wholeOrNull = (v: unknown) => v === null || v === undefined || Number.isInteger(v);

/**
 * The first thing wrong with an owner's code as it would be stored (its fields after the change),
 * in the owner's words; null when it is right. The schema checks types; this checks the rules.
 */
export function ownerCodeError(code: Partial<OwnerCodeFields>): string | null {
  const percent = code.percent ?? null;
  const amount = code.amount_off ?? null;
  if ((percent === null) === (amount === null)) {
    return 'Choose either a percentage or a fixed amount in rupees off';
  }
  if (percent !== null && !(Number.isInteger(percent) && percent >= 1 && percent <= 100)) {
    return 'The percentage off is a whole number from 1 to 100';
  }
  if (amount !== null && !(Number.isInteger(amount) && amount >= 1)) {
    return 'The amount off is a whole number of rupees, 1 or more';
  }
  if (!wholeOrNull(code.min_order) || (code.min_order ?? 0) < 0) {
    return 'The minimum order is a whole number of rupees, or empty for none';
  }
  for (const key of ['max_uses', 'per_customer'] as const) {
    const v = code[key];
    if (!wholeOrNull(v) || (typeof v === 'number' && v < 1)) {
      return key === 'max_uses'
        ? 'Total uses is a whole number, 1 or more, or empty for no limit'
        : 'Uses per customer is a whole number, 1 or more, or empty for no limit';
    }
  }
  const starts = at(code.starts);
  const ends = at(code.expires);
  if (Number.isFinite(starts) && Number.isFinite(ends) && ends <= starts) {
    return 'The code must end after it starts';
  }
  const unknown = (code.brands ?? []).find((b) => !BRAND_SLUGS.has(b));
  if (unknown !== undefined) return `There is no brand "${unknown}"`;
  return null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A stored code (an owner's or a welcome code) as its offer. */
type OfferFields = 'kind' | 'percent' | 'amount_off' | 'min_order' | 'products' | 'brands';

export function offerOfCode(
  doc: { $id: string } & Partial<Record<OfferFields | 'first_order', unknown>>,
): CodeOffer {
  const owner = doc.kind === OWNER_CODE_KIND;
  return {
    code: doc.$id,
    percent: num(doc.percent),
    amount: num(doc.amount_off),
    minOrder: num(doc.min_order) ?? 0,
    products: list(doc.products),
    brands: list(doc.brands),
    // A welcome code is for the first order only.
    firstOrder: owner ? doc.first_order === true : true,
  };
}

/** How each status shows in the dashboard: its words and its colour. */
export const CODE_STATUS_TONES: Record<CodeStatus, 'blue' | 'green' | 'grey' | 'amber' | 'red'> = {
  scheduled: 'blue',
  active: 'green',
  expired: 'grey',
  'used up': 'amber',
  off: 'red',
};

const PK_OFFSET = 5 * 3600_000;

/** A date-time field's value ("2026-12-04T18:00"), read as Pakistan time, as a moment; null if none. */
export function pakistanInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = Date.parse(`${value}:00.000Z`) - PK_OFFSET;
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}

/** A moment as a date-time field shows it in Pakistan time ("2026-12-04T18:00"). */
export function isoToPakistanInput(iso: string): string {
  return new Date(Date.parse(iso) + PK_OFFSET).toISOString().slice(0, 16);
}

/** "4 Dec 2026, 18:00" in Pakistan time. */
export function pakistanMoment(iso: string): string {
  const local = isoToPakistanInput(iso);
  return `${pakistanDay(iso)}, ${local.slice(11)}`;
}
