import { formatPakistaniMobile, normalizePakistaniMobile } from './contact.js';
import { DEFAULT_FACTS } from './facts-defaults.js';

/**
 * The shop's facts: its name, how to reach it, where to pay it. The owner sets them in the
 * dashboard (shop-settings.ts keeps them in the settings document); every page, e-mail, SMS,
 * invoice and link preview reads them from there. A new shop starts with DEFAULT_FACTS
 * (facts-defaults.ts: the demo shop's, until the owner saves their own).
 */

/** A bank or wallet account the shop takes transfers on. */
export interface PaymentAccount {
  /** Whose name the account is in, as the buyer's bank shows it. */
  payee: string;
  /** The bank or wallet, by its name. */
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

export type TextFact = Exclude<keyof ShopFacts, 'accounts' | 'exchange_days'>;

/** The IBAN as banks print it: in groups of four, capitals. */
export const formatIban = (iban: string) =>
  iban
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');

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
  for (const key of Object.keys(DEFAULT_FACTS) as (keyof ShopFacts)[]) {
    const v = sent[key];
    if (typeof v === 'string' && typeof DEFAULT_FACTS[key] === 'string')
      Object.assign(out, { [key]: v });
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

/** The shop's phone as people in Pakistan write it: 03XX XXXXXXX. */
export const shopPhoneText = (facts: Pick<ShopFacts, 'phone'>) =>
  formatPakistaniMobile(facts.phone);

/** One account in words: "<bank>: <number> (IBAN <iban>), <payee>". */
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
