import { isEmail, EMAIL_MESSAGE } from './email.js';
import { formatPakistaniMobile, normalizePakistaniMobile } from './contact.js';

/**
 * The shop's facts: its name, how to reach it, where to pay it. The owner sets them in the
 * dashboard (shop-settings.ts keeps them in the settings document); every page, e-mail, SMS,
 * invoice and link preview reads them from there. A new shop starts with DEFAULT_FACTS.
 */

/** A bank or wallet account the shop takes transfers on. */
export interface PaymentAccount {
  /** Whose name the account is in, as the buyer's bank shows it. */
  payee: string;
  /** The bank or wallet: "Meezan Bank", "JazzCash". */
  bank: string;
  /** The account or wallet number, as the owner writes it. */
  number: string;
  /** The IBAN (PK, 2 digits, 4 letters, 16 digits), or empty for a wallet. */
  iban: string;
}

export interface ShopFacts {
  name: string;
  tagline: string;
  /** A sentence or two about the shop: link previews and the size guide. */
  description: string;
  /** Mobile numbers, stored as +923XXXXXXXXX. */
  phone: string;
  whatsapp: string;
  email: string;
  /** Where the shop is: "Lahore, Pakistan". */
  address: string;
  /** Links to the shop's social pages; empty when it has none there. */
  instagram: string;
  facebook: string;
  tiktok: string;
  accounts: PaymentAccount[];
  /** Days after delivery within which a pair that does not fit may be exchanged for another size. */
  exchange_days: number;
}

export const DEFAULT_FACTS: Readonly<ShopFacts> = Object.freeze({
  name: 'Courtside',
  tagline: 'Original and pre-loved basketball shoes',
  description:
    'Original and pre-loved basketball shoes, checked pair by pair and delivered across Pakistan. Cash on delivery across the whole country, a 3-day size exchange instead of returns, and you can also order by direct message.',
  phone: '+923001234567',
  whatsapp: '+923001234567',
  email: 'hello@courtside.pk',
  address: 'Lahore, Pakistan',
  instagram: 'https://www.instagram.com/courtside.pk',
  facebook: 'https://www.facebook.com/courtside.pk',
  tiktok: 'https://www.tiktok.com/@courtside.pk',
  accounts: [
    { payee: 'Courtside (Ali Raza)', bank: 'Meezan Bank', number: '0123 0101 2345 6789', iban: '' },
    { payee: 'Courtside (Ali Raza)', bank: 'JazzCash', number: '0300 1234567', iban: '' },
    { payee: 'Courtside (Ali Raza)', bank: 'Easypaisa', number: '0300 1234567', iban: '' },
  ],
  exchange_days: 3,
});

export type TextFact = Exclude<keyof ShopFacts, 'accounts' | 'exchange_days'>;

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

/** The IBAN as banks print it: in groups of four, capitals. */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

/** What is wrong with a text fact's value, in the owner's words, or null. */
export function textFactError(key: TextFact, value: unknown): string | null {
  const { label, max } = TEXT_FACTS[key];
  if (typeof value !== 'string') return `${label} must be text`;
  const v = value.trim();
  if (!v) return REQUIRED.includes(key) ? `${label} is required` : null;
  if (v.length > max) return `${label} must be at most ${max} characters`;
  if ((key === 'phone' || key === 'whatsapp') && !normalizePakistaniMobile(v)) {
    return `${label}: enter a Pakistani mobile number, like 0300 1234567`;
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
    return `${at}: IBAN must be PK, 2 digits, 4 letters and 16 digits, like PK36 SCBL 0000 0011 2345 6702`;
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

const isAccount = (a: unknown): a is PaymentAccount =>
  typeof a === 'object' &&
  a !== null &&
  ['payee', 'bank', 'number', 'iban'].every(
    (k) => typeof (a as Record<string, unknown>)[k] === 'string',
  );

/**
 * The facts as the server sent them (checked there, readShopFacts), each missing or mistyped one
 * at its default: the browser's light reading, which keeps the rules out of its first load.
 */
export function factsFromServer(value: unknown): ShopFacts {
  const sent =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const out = { ...DEFAULT_FACTS } as ShopFacts;
  for (const key of TEXT_FACT_KEYS) {
    const v = sent[key];
    if (typeof v === 'string') out[key] = v;
  }
  if (Array.isArray(sent.accounts)) out.accounts = sent.accounts.filter(isAccount);
  if (typeof sent.exchange_days === 'number') out.exchange_days = sent.exchange_days;
  return out;
}

/** The size exchange in one line, where the shop says it takes no returns (footer, size guide). */
export function sizeExchangeNote(days: number): string {
  return `No returns, but a pair that does not fit can be exchanged for another size within ${days} days of delivery.`;
}

/** A wa.me link that opens WhatsApp on `number` (any form of a Pakistani mobile) with a message. */
export function whatsappLink(text: string, number: string): string {
  const digits = (normalizePakistaniMobile(number) ?? number).replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The shop's own WhatsApp chat, with a prepared message (D14). */
export const shopWhatsappLink = (facts: Pick<ShopFacts, 'whatsapp'>, text: string) =>
  whatsappLink(text, facts.whatsapp);

/** The shop's phone as people in Pakistan write it: 0300 1234567. */
export const shopPhoneText = (facts: Pick<ShopFacts, 'phone'>) =>
  formatPakistaniMobile(facts.phone);

/** One account in words: "Meezan Bank: 0123 0101 2345 6789 (IBAN PK36 ...), Courtside (Ali Raza)". */
export function accountLine(a: PaymentAccount): string {
  const iban = a.iban ? ` (IBAN ${formatIban(a.iban)})` : '';
  return `${a.bank}: ${a.number}${iban}, ${a.payee}`;
}

/** The bank transfer details in words (docs/shop.md §9): one line per account. */
export function bankTransferLines(facts: Pick<ShopFacts, 'accounts'>): string[] {
  return facts.accounts.map(accountLine);
}

/** The title of a page without a name of its own: home, and a page still loading. */
export const shopTitle = (facts: Pick<ShopFacts, 'name'>) =>
  `${facts.name} | Basketball shoes in Pakistan`;

/** "Cart | Courtside": a page's own title, the same shape as a product's link preview (D19). */
export const pageTitleOf = (name: string | null, facts: Pick<ShopFacts, 'name'>) =>
  name ? `${name} | ${facts.name}` : shopTitle(facts);
