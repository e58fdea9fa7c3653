/**
 * Phone and address rules, shared by the backend and the forms (no zod here); the e-mail rule is
 * in email.ts, apart, so the storefront's first load (the footer's subscribe box) carries only it.
 */
/**
 * How a Pakistani mobile number is written, for placeholders and messages: a pattern, not a
 * number, so no example reads as the shop's own (its numbers are settings, facts.ts).
 */
export const PHONE_EXAMPLE = '03XX XXXXXXX';

export const PHONE_MESSAGE = `Enter a Pakistani mobile number, like ${PHONE_EXAMPLE}`;
export const PRODUCT_FORM_MESSAGE = 'Something Went wrong. Please check again';

/**
 * Pakistani mobile numbers (D17): 03XXXXXXXXX, +92 3XXXXXXXXX or 0092 3XXXXXXXXX, with spaces
 * or dashes. Returns the normalised +923XXXXXXXXX, or null when the input is not one.
 */
export function normalizePakistaniMobile(input: string): string | null {
  const compact = input.replace(/[\s\-()]/g, '');
  const match = /^(?:\+92|0092|92|0)(3\d{9})$/.exec(compact);
  return match ? `+92${match[1]}` : null;
}

/**
 * The customer's number as WhatsApp's wa.me links want it: international, without "+"
 * (923XXXXXXXXX); null when the phone is not a Pakistani mobile number.
 */
export function whatsappNumber(phone: string): string | null {
  return normalizePakistaniMobile(phone)?.slice(1) ?? null;
}

/** A WhatsApp chat with this phone (wa.me, no message), or null when it is not a mobile. */
export function whatsappChatLink(phone: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}` : null;
}

/** What the account page and the owner's order page show for a detail nobody gave. */
export const NOT_GIVEN = 'Not given';

/** The largest street, city and extra address line an order keeps (the checkout form's too). */
export const ORDER_ADDRESS_LIMITS = Object.freeze({ street: 300, city: 80, etcaddress: 300 });

export const ADDRESS_MESSAGES = Object.freeze({
  street: 'Address is required',
  city: 'City is required',
});

/** The order's address: street address, " city: ", city, then the extra address line. */
export function composeOrderAddress(v: { address: string; city?: string; etcaddress?: string }) {
  return `${v.address} city: ${v.city ?? ''} ${v.etcaddress ?? ''}`.replace(/\s+/g, ' ').trim();
}

export interface AddressParts {
  street: string;
  city: string;
  etcaddress: string;
}

/**
 * An order's address in parts: its stored street, city and extra line, or, for an order placed
 * before they were stored, the one-line address as the street.
 */
export function addressPartsOf(o: {
  address: string;
  street?: string | null;
  city?: string | null;
  etcaddress?: string | null;
}): AddressParts {
  if (!o.street) return { street: o.address, city: '', etcaddress: '' };
  return { street: o.street, city: o.city ?? '', etcaddress: o.etcaddress ?? '' };
}

/** How a courier reads it: "House 12, Street 4, Near the mosque, Lahore". */
export function deliveryAddressText(o: Parameters<typeof addressPartsOf>[0]): string {
  const p = addressPartsOf(o);
  return [p.street, p.etcaddress, p.city].filter(Boolean).join(', ');
}

/** The delivery address a customer last used, kept in the account's preferences (D10). */
export interface SavedAddress {
  firstname: string;
  lastname: string;
  address: string;
  etcaddress: string;
  city: string;
  phone: string;
}

/** The key of the saved address inside the account's preferences. */
export const ADDRESS_PREF_KEY = 'address';

const ADDRESS_FIELDS = ['firstname', 'lastname', 'address', 'etcaddress', 'city', 'phone'] as const;

/** The saved address read back from preferences, or null when none (or a malformed one) is stored. */
export function savedAddressOf(prefs: unknown): SavedAddress | null {
  if (typeof prefs !== 'object' || prefs === null) return null;
  const value = (prefs as Record<string, unknown>)[ADDRESS_PREF_KEY];
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const out = {} as SavedAddress;
  for (const field of ADDRESS_FIELDS) {
    const v = record[field];
    out[field] = typeof v === 'string' ? v.slice(0, 300) : '';
  }
  return out.address.trim() ? out : null;
}

/**
 * "03XX XXXXXXX" for a stored +923XXXXXXXXX, as people in Pakistan write and dial it; anything
 * that is not a Pakistani mobile number is shown as it is.
 */
export function formatPakistaniMobile(value: string): string {
  const m = /^\+92(3\d{2})(\d{7})$/.exec(normalizePakistaniMobile(value) ?? value);
  return m ? `0${m[1]} ${m[2]}` : value;
}

/**
 * Typed digits as a piece of the stored +92 form, to find a phone by part of it: a number's start
 * as Pakistanis write it (03.., 0092 3.., +92 3..) is the country code 92 and what follows; other
 * digits (the last ones, say "0023") are a piece of the number as they are.
 */
export function phoneSearchPart(digits: string): string {
  const plain = digits.replace(/^\+/, '');
  if (plain.startsWith('00923')) return plain.slice(2);
  if (plain.startsWith('03')) return `92${plain.slice(1)}`;
  return plain;
}
