/**
 * Shop facts the original hard-coded (D6), in one place so the owner changes them once.
 * The backend uses them in e-mails and link previews; the web app everywhere else.
 */
export const SHOP_FACTS = Object.freeze({
  name: 'Courtside',
  tagline: 'Original and pre-loved basketball shoes',
  description:
    'Original and pre-loved basketball shoes, checked pair by pair and delivered across Pakistan. Cash on delivery across the whole country, a 3-day size exchange instead of returns, and you can also order by direct message.',
  phone: '0300 1234567',
  email: 'hello@courtside.pk',
  /** International format without "+", as wa.me links want it. */
  whatsapp: '923001234567',
  city: 'Lahore, Pakistan',
  social: {
    instagram: 'https://www.instagram.com/courtside.pk',
    facebook: 'https://www.facebook.com/courtside.pk',
    tiktok: 'https://www.tiktok.com/@courtside.pk',
  },
  bank: {
    payee: 'Courtside (Ali Raza)',
    accounts: [
      { label: 'Meezan Bank', number: '0123 0101 2345 6789' },
      { label: 'JazzCash', number: '0300 1234567' },
      { label: 'Easypaisa', number: '0300 1234567' },
    ],
  },
  freeDeliveryFrom: 10_000,
  /**
   * Days after delivery within which a pair that does not fit may be exchanged for another size
   * (the description above says it in words: change both together).
   */
  exchangeDays: 3,
});

export type ShopFacts = typeof SHOP_FACTS;

/** The size exchange in one line, where the shop says it takes no returns (footer, size guide). */
export function sizeExchangeNote(days: number = SHOP_FACTS.exchangeDays): string {
  return `No returns, but a pair that does not fit can be exchanged for another size within ${days} days of delivery.`;
}

/** A wa.me link that opens WhatsApp with the shop's number and a prepared message (D14). */
export function whatsappLink(text: string, number: string = SHOP_FACTS.whatsapp): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/** The bank transfer details in words (docs/shop.md §9): the payee, then each wallet account. */
export function bankTransferLines(facts: Pick<ShopFacts, 'bank'> = SHOP_FACTS): string[] {
  return [
    `Payee: ${facts.bank.payee}`,
    ...facts.bank.accounts.map((a) => `${a.label}: ${a.number}`),
  ];
}
