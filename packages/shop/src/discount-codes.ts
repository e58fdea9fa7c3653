/**
 * The subscriber's welcome code: subscribing e-mails a one-time code worth WELCOME_PERCENT off
 * the pairs of the first order placed by the account with that e-mail address. The COD fee is
 * never discounted. The server recomputes the discount like every other price.
 */
export const WELCOME_PERCENT = 10;

/** Letters and digits nobody misreads when typing a code from an e-mail (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_PREFIX = 'CS10-';
const CODE_BODY = 8;

export const DISCOUNT_CODE_PATTERN = new RegExp(`^${CODE_PREFIX}[${CODE_ALPHABET}]{${CODE_BODY}}$`);

/** A fresh code such as "CS10-7KQ4XPMA": 31^8 (about 850 billion) possibilities. */
export function newDiscountCode(): string {
  const bytes = new Uint8Array(CODE_BODY * 2);
  let body = '';
  while (body.length < CODE_BODY) {
    globalThis.crypto.getRandomValues(bytes);
    for (const b of bytes) {
      // Rejection sampling keeps every letter equally likely.
      if (b < 248 && body.length < CODE_BODY) body += CODE_ALPHABET[b % CODE_ALPHABET.length];
    }
  }
  return CODE_PREFIX + body;
}

/** What a customer typed, as the shop stores it: upper case, no spaces; "" when nothing. */
export function normalizeDiscountCode(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : '';
}

export const isDiscountCode = (value: string): boolean => DISCOUNT_CODE_PATTERN.test(value);

export const CODE_MESSAGES = {
  malformed: 'That code does not look right: a code is letters and digits, like EID15',
  unknown: 'This code is not valid: check how it is spelt',
  notYours: 'This code belongs to another e-mail address: sign in with the address you subscribed',
  used: 'This code has already been used',
  notFirst: 'This code is for your first order only',
  signIn: 'Sign in with the e-mail address you subscribed with to use your code',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "31 Mar 2020": the day of a moment as Pakistan counts it (UTC+5, no daylight saving). */
export function pakistanDay(moment: string): string {
  const at = new Date(new Date(moment).getTime() + 5 * 3600_000);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/**
 * "This code expired on 31 Mar 2020": the refusal of a code past its `expires` (an optional
 * moment the owner sets on a code), its day in Pakistan.
 */
export function codeExpiredMessage(expires: string): string {
  return `This code expired on ${pakistanDay(expires)}`;
}

/** Whether a code with this `expires` (null: never) is past it at `now`. */
export function isCodeExpired(expires: unknown, now: Date): expires is string {
  if (typeof expires !== 'string' || expires === '') return false;
  const at = Date.parse(expires);
  return Number.isFinite(at) && at < now.getTime();
}

/**
 * Where the code box asks the server whether a code may be used (a few tries a minute; a welcome
 * code needs a signed-in customer): `GET /v1` + this + the code, answered with its CodeOffer
 * (code-offers.ts) or refused with `shop_code_invalid` and the reason in the customer's words.
 */
export const CODE_CHECK_PATH = '/shop/codes/';
