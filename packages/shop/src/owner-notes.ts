import { normalizePakistaniMobile } from './contact.js';

/**
 * The owner's notes (docs/shop.md#the-dashboard): on an order ("called, will pick up Friday") and
 * on a customer ("refused a parcel in March, ask for an advance"). Plain text, kept in admin-only
 * collections of their own, because customers read their orders. The dashboard's forms and the
 * server check them with these rules.
 */
export const NOTE_MAX = 1000;

export const NOTE_MESSAGES = Object.freeze({
  empty: 'Write the note first',
  long: `A note holds at most ${NOTE_MAX} characters`,
  unknownOrder: 'There is no such order to note on',
  noCustomer: 'Say whose note it is: the customer’s mobile number',
  notEdited: 'A note cannot be changed: delete it and add another',
});

/** The note as kept (trimmed), or the reason it cannot be. */
export function checkNoteText(text: unknown): { ok: string } | { error: string } {
  const value = typeof text === 'string' ? text.trim() : '';
  if (!value) return { error: NOTE_MESSAGES.empty };
  if (value.length > NOTE_MAX) return { error: NOTE_MESSAGES.long };
  return { ok: value };
}

/** The longest number a customer is known by when it is not a Pakistani mobile number. */
export const CUSTOMER_KEY_MAX = 40;

/**
 * The number a customer is known by (customers.ts: one customer per mobile number): +923XXXXXXXXX,
 * or the number as an imported order typed it; null when there is none.
 */
export function customerKey(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const key = normalizePakistaniMobile(phone) ?? phone.trim();
  return key && key.length <= CUSTOMER_KEY_MAX ? key : null;
}
