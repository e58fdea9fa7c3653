import { BANNER_SLIDES, MEDIA } from './media.js';

/**
 * The storefront's content (docs/shop.md, "Storefront content"): the home banner's slides, the
 * promo block, the logo and the size chart. The owner uploads and arranges them in the dashboard
 * (/dashboard/content); they are kept in the settings document as JSON text (`content`), and
 * every page's head carries them (like the facts), so the home page shows them from its first
 * paint. Pictures are files of the images bucket, named by id. A new shop starts with
 * DEFAULT_CONTENT, whose pictures the demo seed makes.
 */

/** One slide of the home banner: its picture and the words laid over it. */
export interface BannerSlide {
  /** The picture's file id in the images bucket (1600x600 shows best). */
  file: string;
  /** The heading. */
  title: string;
  text: string;
  /** The button's words. */
  cta: string;
  /** Where the button leads: a shop path (/shop) or a web address (https://...). */
  link: string;
  /** Off: kept in the list, not shown. */
  on: boolean;
}

/** The home page's promo block: its picture and its words. */
export interface PromoBlock {
  file: string;
  /** The small line above the heading ("Join the list"). */
  eyebrow: string;
  title: string;
  text: string;
  cta: string;
  /** A shop path, a web address, or #subscribe (the footer's subscribe box). */
  link: string;
}

export interface ShopContent {
  /** In the order they show. */
  slides: BannerSlide[];
  promo: PromoBlock;
  /** The logo's file id (a square png with a transparent background shows best). */
  logo: string;
  /** The size guide's chart's file id. */
  size_chart: string;
}

export const DEFAULT_CONTENT: Readonly<ShopContent> = Object.freeze({
  slides: BANNER_SLIDES.map((s) => ({ ...s, on: true })),
  promo: {
    file: MEDIA.promo,
    eyebrow: 'Join the list',
    title: '10% off',
    text: 'your first order when you subscribe',
    cta: 'Get my 10% code',
    link: '#subscribe',
  },
  logo: MEDIA.logo,
  size_chart: MEDIA.sizeChart,
});

/** The shop's content for every page to show (`GET /v1` + this). */
export const CONTENT_PATH = '/shop/content';

/** The slides shoppers see, in order. */
export const shownSlides = (content: Pick<ShopContent, 'slides'>): BannerSlide[] =>
  content.slides.filter((s) => s.on);

const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

function slideFrom(v: unknown): BannerSlide | null {
  const r = record(v);
  if (typeof r.file !== 'string' || !r.file) return null;
  return {
    file: r.file,
    title: text(r.title, ''),
    text: text(r.text, ''),
    cta: text(r.cta, ''),
    link: text(r.link, '/'),
    on: r.on !== false,
  };
}

/**
 * The content as the server sent it or the settings document keeps it (checked when saved,
 * shop-content-rules.ts), each missing or mistyped part at its default: a light reading, with no
 * rules, for the browser's first load.
 */
export function contentFrom(value: unknown): ShopContent {
  let sent: unknown = value;
  if (typeof value === 'string') {
    try {
      sent = JSON.parse(value);
    } catch {
      sent = null;
    }
  }
  const r = record(sent);
  const slides = Array.isArray(r.slides)
    ? r.slides.map(slideFrom).filter((s): s is BannerSlide => s !== null)
    : null;
  const p = record(r.promo);
  const d = DEFAULT_CONTENT.promo;
  return {
    slides: slides ?? DEFAULT_CONTENT.slides.map((s) => ({ ...s })),
    promo: {
      file: text(p.file, d.file) || d.file,
      eyebrow: text(p.eyebrow, d.eyebrow),
      title: text(p.title, d.title),
      text: text(p.text, d.text),
      cta: text(p.cta, d.cta),
      link: text(p.link, d.link),
    },
    logo: text(r.logo, '') || DEFAULT_CONTENT.logo,
    size_chart: text(r.size_chart, '') || DEFAULT_CONTENT.size_chart,
  };
}
