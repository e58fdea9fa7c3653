import { normalizePakistaniMobile } from './contact.js';

/**
 * What the shop remembers of a mobile number (docs/shop.md, "Numbers and cash on delivery"): its
 * orders across every account and guest order, counted as delivered, refused and cancelled, a
 * label by the owner's rules, and whether the owner blocked it. Counted by the server from the
 * orders, which carry the number as +923XXXXXXXXX.
 */

/** What of an order the history is counted from. */
export interface HistoryOrder {
  order_status: string;
  tracking_number?: string | null;
}

export interface NumberCounts {
  /** Completed: the buyer took the parcel. */
  delivered: number;
  /** Returned (refused at the door), or cancelled once it had a tracking number. */
  refused: number;
  /** Cancelled before it was shipped. */
  cancelled: number;
}

/** The parcel came back: returned, or cancelled once it was on its way. */
export const isRefusedOrder = (o: HistoryOrder): boolean =>
  o.order_status === 'returned' || (o.order_status === 'cancelled' && Boolean(o.tracking_number));

/** The counts of these orders (all of one number). */
export function countHistory(orders: Iterable<HistoryOrder>): NumberCounts {
  const counts: NumberCounts = { delivered: 0, refused: 0, cancelled: 0 };
  for (const o of orders) {
    if (o.order_status === 'completed') counts.delivered += 1;
    else if (isRefusedOrder(o)) counts.refused += 1;
    else if (o.order_status === 'cancelled') counts.cancelled += 1;
  }
  return counts;
}

export type NumberLabel = 'blocked' | 'risky' | 'trusted' | 'new';

/** The owner's rules for the labels (settings, shop-settings.ts). */
export interface LabelRules {
  risky_at_refusals: number;
  trusted_at_deliveries: number;
}

/**
 * A number's label: blocked by the owner; else risky from `risky_at_refusals` refusals; else
 * trusted from `trusted_at_deliveries` deliveries; else new.
 */
export function numberLabel(
  counts: NumberCounts,
  blocked: boolean,
  rules: LabelRules,
): NumberLabel {
  if (blocked) return 'blocked';
  if (counts.refused >= rules.risky_at_refusals) return 'risky';
  if (counts.delivered >= rules.trusted_at_deliveries) return 'trusted';
  return 'new';
}

/** How the dashboard shows each label (a badge's words and colour). */
export const NUMBER_LABELS: Readonly<
  Record<NumberLabel, { text: string; tone: 'red' | 'amber' | 'green' | 'grey' }>
> = Object.freeze({
  blocked: { text: 'Blocked', tone: 'red' },
  risky: { text: 'Risky', tone: 'amber' },
  trusted: { text: 'Trusted', tone: 'green' },
  new: { text: 'New', tone: 'grey' },
});

/** One block or unblock, as the change log shows it. */
export interface NumberChange {
  action: 'block' | 'unblock';
  reason: string;
  /** The admin's user id and their name then. */
  by: string;
  by_name: string;
  /** When (ISO). */
  at: string;
}

/** A number's record, as the admins' route answers it. */
export interface NumberRecord extends NumberCounts {
  phone: string;
  label: NumberLabel;
  blocked: boolean;
  /** Why it is blocked (the latest block's reason), or null. */
  reason: string | null;
  /** Its blocks and unblocks, newest first. */
  changes: NumberChange[];
}

/**
 * The admins' numbers route under /v1: GET `?phones[]=...` (at most NUMBERS_MAX, an orders page
 * of 25 fits) answers `{ numbers: NumberRecord[] }` in the order asked; POST with
 * `{ phone, blocked, reason }` blocks or unblocks one and answers its record.
 */
export const NUMBERS_PATH = '/shop/numbers';
export const NUMBERS_MAX = 50;
/** The changes a record lists, newest first. */
export const NUMBER_CHANGES_SHOWN = 20;

export const BLOCK_REASON_MAX = 200;

export const NUMBER_MESSAGES = Object.freeze({
  phone: 'Enter a Pakistani mobile number, like 03XX XXXXXXX',
  reasonRequired: 'Say why this number is blocked (the reason is kept in the change log)',
  reasonTooLong: `The reason must be at most ${BLOCK_REASON_MAX} characters`,
  alreadyBlocked: 'This number is already blocked',
  notBlocked: 'This number is not blocked',
  tooMany: `Ask for at most ${NUMBERS_MAX} numbers at once`,
});

/** What is wrong with a block's reason, or null (an unblock's reason may be empty). */
export function blockReasonError(reason: unknown, required: boolean): string | null {
  if (reason !== undefined && reason !== null && typeof reason !== 'string') {
    return NUMBER_MESSAGES.reasonRequired;
  }
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (required && !text) return NUMBER_MESSAGES.reasonRequired;
  if (text.length > BLOCK_REASON_MAX) return NUMBER_MESSAGES.reasonTooLong;
  return null;
}

/** The `numbers` document id of a number: its digits, 923XXXXXXXXX; null for no mobile number. */
export function numberDocId(phone: string): string | null {
  const normal = normalizePakistaniMobile(phone);
  return normal ? normal.slice(1) : null;
}
