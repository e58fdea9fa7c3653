import { normalizePakistaniMobile, PHONE_EXAMPLE } from './contact.js';
import { EMAIL_MESSAGE, isEmail } from './email.js';
import { DEFAULT_FACTS } from './facts-defaults.js';
import type { PaymentAccount, ShopFacts, TextFact } from './facts.js';

/**
 * The rules of the shop's facts (facts.ts): what the server accepts and the dashboard checks
 * before it sends. Apart from facts.ts, so the storefront's first load does not carry them.
 */

/** The text facts, each with its label in the dashboard and its longest length. */
export const TEXT_FACTS: Readonly<Record<TextFact, { label: string; max: number }>> = Object.freeze(
  {
    name: { label: 'Shop name', max: 60 },
    tagline: { label: 'Tagline', max: 120 },
    description: { label: 'Description', max: 400 },
    phone: { label: 'Phone', max: 20 },
    whatsapp: { label: 'WhatsApp number', max: 20 },
    email: { label: 'E-mail', max: 254 },
    address: { label: 'Address', max: 200 },
    instagram: { label: 'Instagram link', max: 300 },
    facebook: { label: 'Facebook link', max: 300 },
    tiktok: { label: 'TikTok link', max: 300 },
  },
);

export const TEXT_FACT_KEYS = Object.keys(TEXT_FACTS) as TextFact[];

/** Accounts at most, and each account field's longest length. */
export const ACCOUNT_LIMITS = Object.freeze({ count: 10, payee: 80, bank: 60, number: 40 });

/** How the dashboard names an account's fields, and so its messages do. */
export const ACCOUNT_FIELD_NAMES = Object.freeze({
  bank: 'bank or wallet',
  number: 'account number',
  payee: 'account title',
});

export const EXCHANGE_DAYS = Object.freeze({ min: 0, max: 60, label: 'Size exchange days' });

const SOCIAL: readonly TextFact[] = ['instagram', 'facebook', 'tiktok'];
const REQUIRED: readonly TextFact[] = ['name', 'phone', 'whatsapp', 'email', 'address'];
const IBAN = /^PK\d{2}[A-Z]{4}\d{16}$/;

/** How an IBAN is written, for the form's placeholder and the message: a pattern, not an account. */
export const IBAN_EXAMPLE = 'PK00 BANK 0000 0000 0000 0000';

/** What is wrong with a text fact's value, in the owner's words, or null. */
export function textFactError(key: TextFact, value: unknown): string | null {
  const { label, max } = TEXT_FACTS[key];
  if (typeof value !== 'string') return `${label} must be text`;
  const v = value.trim();
  if (!v) return REQUIRED.includes(key) ? `${label} is required` : null;
  if (v.length > max) return `${label} must be at most ${max} characters`;
  if ((key === 'phone' || key === 'whatsapp') && !normalizePakistaniMobile(v)) {
    return `${label}: enter a Pakistani mobile number, like ${PHONE_EXAMPLE}`;
  }
  if (key === 'email' && !isEmail(v)) return EMAIL_MESSAGE;
  if (SOCIAL.includes(key) && !/^https:\/\/[^\s/]+\.[^\s]+$/.test(v)) {
    return `${label} must be a web address starting with https://`;
  }
  return null;
}

/** What is wrong with one account (numbered from 1 in the message), or null. */
export function accountError(a: unknown, n: number): string | null {
  const at = `Account ${n}`;
  if (typeof a !== 'object' || a === null)
    return `${at} must have a bank or wallet, an account number and an account title`;
  const r = a as Record<string, unknown>;
  for (const key of ['bank', 'number', 'payee'] as const) {
    const v = r[key];
    const name = ACCOUNT_FIELD_NAMES[key];
    if (typeof v !== 'string' || !v.trim()) return `${at}: ${name} is required`;
    if (v.trim().length > ACCOUNT_LIMITS[key]) {
      return `${at}: ${name} must be at most ${ACCOUNT_LIMITS[key]} characters`;
    }
  }
  const iban = r.iban ?? '';
  if (typeof iban !== 'string') return `${at}: IBAN must be text`;
  const compact = iban.replace(/\s/g, '').toUpperCase();
  if (compact && !IBAN.test(compact)) {
    return `${at}: IBAN must be PK, 2 digits, 4 letters and 16 digits, like ${IBAN_EXAMPLE}`;
  }
  return null;
}

/** What is wrong with a list of accounts, or null. */
export function accountsError(list: unknown): string | null {
  if (!Array.isArray(list)) return 'The accounts must be a list';
  if (list.length > ACCOUNT_LIMITS.count) {
    return `At most ${ACCOUNT_LIMITS.count} accounts`;
  }
  for (const [i, a] of list.entries()) {
    const error = accountError(a, i + 1);
    if (error) return error;
  }
  return null;
}

/** An account as it is kept: trimmed, the IBAN compact and in capitals. */
export const cleanAccount = (a: PaymentAccount): PaymentAccount => ({
  payee: a.payee.trim(),
  bank: a.bank.trim(),
  number: a.number.trim(),
  iban: a.iban.replace(/\s/g, '').toUpperCase(),
});

/** A text fact as it is kept: trimmed, mobile numbers as +923XXXXXXXXX. */
export function cleanTextFact(key: TextFact, value: string): string {
  const v = value.trim();
  if (key === 'phone' || key === 'whatsapp') return normalizePakistaniMobile(v) ?? v;
  return v;
}

/** The accounts a stored value (JSON text) holds, or null when it holds no valid list. */
export function parseAccounts(value: unknown): PaymentAccount[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (accountsError(list)) return null;
  return (list as PaymentAccount[]).map((a) => cleanAccount({ ...a, iban: a.iban ?? '' }));
}

/** The facts a stored document holds, each missing or broken one at its default. */
export function readShopFacts(doc: Partial<Record<keyof ShopFacts, unknown>> | null): ShopFacts {
  const out = { ...DEFAULT_FACTS, accounts: [...DEFAULT_FACTS.accounts] } as ShopFacts;
  for (const key of TEXT_FACT_KEYS) {
    const v = doc?.[key];
    if (typeof v === 'string' && !textFactError(key, v)) out[key] = cleanTextFact(key, v);
  }
  const accounts = parseAccounts(doc?.accounts);
  if (accounts) out.accounts = accounts;
  const days = doc?.exchange_days;
  if (typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 60) {
    out.exchange_days = days;
  }
  return out;
}
