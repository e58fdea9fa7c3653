import { freeDeliveryPromise, type Charges } from './pricing.js';
import { SHOP_IMAGE_IDS } from './shop-images.js';

/**
 * Files of the shop's own pictures in the images bucket, with fixed ids the demo seed uploads
 * (banner slides 1600x600, promo 1200x400, size chart 1200x800, logo 512x512): the ids of
 * shop-images.ts. The storefront shows a calm placeholder box of the same shape while one is
 * missing.
 */
export const MEDIA = SHOP_IMAGE_IDS;

/** The free-delivery slide's title, written out from the owner's charges by bannerTitle. */
export const FREE_DELIVERY_TITLE = 'Free delivery';

/**
 * A slide's title as the shop says it today: the free-delivery slide names the owner's
 * threshold ("Free delivery over Rs.10,000", or "Free delivery, always" when there is no
 * charge), and only once the charges are known.
 */
export function bannerTitle(title: string, charges: Charges | undefined): string {
  return title === FREE_DELIVERY_TITLE && charges ? freeDeliveryPromise(charges) : title;
}

/** The home banner's slides: the picture and the words laid over it. */
export const BANNER_SLIDES = Object.freeze([
  {
    file: MEDIA.banners[0]!,
    title: 'Fresh pairs every week',
    text: 'Original and pre-loved, checked pair by pair.',
    link: '/shop',
    cta: 'Shop new pairs',
  },
  {
    file: MEDIA.banners[1]!,
    title: 'Kobe, KD and Kyrie',
    text: 'The lines players ask for, in stock now.',
    link: '/brand/nike',
    cta: 'Shop Nike',
  },
  {
    file: MEDIA.banners[2]!,
    title: 'Cash on delivery',
    text: 'Across the whole of Pakistan.',
    link: '/faq',
    cta: 'How it works',
  },
  {
    file: MEDIA.banners[3]!,
    title: 'Find your size',
    text: 'EUR sizes and a chart to check before you order.',
    link: '/sizes',
    cta: 'Size guide',
  },
  {
    file: MEDIA.banners[4]!,
    // Said from the owner's delivery charges (bannerTitle): never a threshold the shop dropped.
    title: FREE_DELIVERY_TITLE,
    text: 'Order online or by direct message.',
    link: '/contact',
    cta: 'Message us',
  },
]);

/** The size guide's table (D6): EUR beside US men's, US women's, UK and foot length. */
export const SIZE_TABLE = Object.freeze([
  { eur: 38, usMen: 5.5, usWomen: 7, uk: 5, cm: 24 },
  { eur: 39, usMen: 6.5, usWomen: 8, uk: 6, cm: 24.5 },
  { eur: 40, usMen: 7, usWomen: 8.5, uk: 6, cm: 25 },
  { eur: 40.5, usMen: 7.5, usWomen: 9, uk: 6.5, cm: 25.5 },
  { eur: 41, usMen: 8, usWomen: 9.5, uk: 7, cm: 26 },
  { eur: 42, usMen: 8.5, usWomen: 10, uk: 7.5, cm: 26.5 },
  { eur: 42.5, usMen: 9, usWomen: 10.5, uk: 8, cm: 27 },
  { eur: 43, usMen: 9.5, usWomen: 11, uk: 8.5, cm: 27.5 },
  { eur: 44, usMen: 10, usWomen: 11.5, uk: 9, cm: 28 },
  { eur: 44.5, usMen: 10.5, usWomen: 12, uk: 9.5, cm: 28.5 },
  { eur: 45, usMen: 11, usWomen: 12.5, uk: 10, cm: 29 },
  { eur: 45.5, usMen: 11.5, usWomen: 13, uk: 10.5, cm: 29.5 },
  { eur: 46, usMen: 12, usWomen: 13.5, uk: 11, cm: 30 },
  { eur: 47, usMen: 12.5, usWomen: 14, uk: 11.5, cm: 30.5 },
  { eur: 47.5, usMen: 13, usWomen: 14.5, uk: 12, cm: 31 },
]);

/** An EUR size in US men's and UK sizes ("US 9.5 · UK 8.5"), or null when the guide has no row for it. */
export function usUkSize(eur: number): string | null {
  const row = SIZE_TABLE.find((r) => r.eur === eur);
  return row ? `US ${row.usMen} · UK ${row.uk}` : null;
}
