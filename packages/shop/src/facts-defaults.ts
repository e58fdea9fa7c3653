import type { ShopFacts } from './facts.js';

/**
 * The facts a new shop starts with: the demo shop's name, numbers and accounts, shown until the
 * owner saves their own in the dashboard (/dashboard/settings). Nothing else names them.
 */
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
