import type { BannerSlide, PromoBlock, ShopContent } from './shop-content.js';

/**
 * The rules of the storefront's content (shop-content.ts): what the server accepts and the
 * dashboard checks before it saves, each refusal in the owner's words and naming the field.
 */

export const CONTENT_LIMITS = Object.freeze({
  /** Slides in the banner at most (shown or not). */
  slides: 8,
  title: 60,
  text: 160,
  cta: 30,
  eyebrow: 40,
  link: 300,
  /** The longest file id the storage takes. */
  file: 36,
});

/** How the dashboard names a slide's or the promo's fields, and so its messages do. */
export const CONTENT_FIELD_LABELS = Object.freeze({
  file: 'picture',
  eyebrow: 'small line',
  title: 'heading',
  text: 'text',
  cta: 'button',
  link: 'link',
});

const FILE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/**
 * Whether `link` is somewhere a button may lead: a path of the shop (/shop, /brand/nike), a part
 * of the page (#subscribe) or a web address starting with https://.
 */
export function isContentLink(link: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(link)) return true;
  if (/^#[A-Za-z][\w-]*$/.test(link)) return true;
  return /^https:\/\/[^\s/]+\.[^\s]+$/.test(link);
}

export const CONTENT_LINK_MESSAGE =
  'must be a shop path like /shop, or a web address starting with https://';

type Fields = Record<keyof typeof CONTENT_FIELD_LABELS, unknown>;

function textError(
  at: string,
  r: Partial<Fields>,
  key: 'title' | 'text' | 'cta' | 'eyebrow',
  required: boolean,
): string | null {
  const name = CONTENT_FIELD_LABELS[key];
  const v = r[key] ?? '';
  if (typeof v !== 'string') return `${at}: ${name} must be text`;
  if (required && !v.trim()) return `${at}: ${name} is required`;
  if (v.trim().length > CONTENT_LIMITS[key]) {
    return `${at}: ${name} must be at most ${CONTENT_LIMITS[key]} characters`;
  }
  return null;
}

function fileError(at: string, v: unknown): string | null {
  if (typeof v !== 'string' || !v) return `${at}: choose a picture`;
  if (!FILE_ID.test(v)) return `${at}: the picture is not a file of the shop's images`;
  return null;
}

function linkError(at: string, v: unknown): string | null {
  if (typeof v !== 'string' || !v.trim()) return `${at}: link is required`;
  if (v.trim().length > CONTENT_LIMITS.link) {
    return `${at}: link must be at most ${CONTENT_LIMITS.link} characters`;
  }
  return isContentLink(v.trim()) ? null : `${at}: link ${CONTENT_LINK_MESSAGE}`;
}

/** What is wrong with one slide (numbered from 1 in the message), or null. */
export function slideError(s: unknown, n: number): string | null {
  const at = `Slide ${n}`;
  if (typeof s !== 'object' || s === null) return `${at} must have a picture, heading and link`;
  const r = s as Partial<Fields> & { on?: unknown };
  return (
    fileError(at, r.file) ??
    textError(at, r, 'title', true) ??
    textError(at, r, 'text', false) ??
    textError(at, r, 'cta', true) ??
    linkError(at, r.link) ??
    (r.on === undefined || typeof r.on === 'boolean' ? null : `${at}: on must be true or false`)
  );
}

/** What is wrong with the promo block, or null. */
export function promoError(p: unknown): string | null {
  const at = 'Promo';
  if (typeof p !== 'object' || p === null) return `${at} must have a picture, heading and link`;
  const r = p as Partial<Fields>;
  return (
    fileError(at, r.file) ??
    textError(at, r, 'eyebrow', false) ??
    textError(at, r, 'title', true) ??
    textError(at, r, 'text', false) ??
    textError(at, r, 'cta', true) ??
    linkError(at, r.link)
  );
}

/** What is wrong with the whole content, or null: the first wrong field. */
export function contentError(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) {
    return 'The content must have slides, a promo, a logo and a size chart';
  }
  const c = value as Partial<Record<keyof ShopContent, unknown>>;
  if (!Array.isArray(c.slides)) return 'The slides must be a list';
  if (c.slides.length > CONTENT_LIMITS.slides) {
    return `At most ${CONTENT_LIMITS.slides} slides`;
  }
  for (const [i, s] of c.slides.entries()) {
    const error = slideError(s, i + 1);
    if (error) return error;
  }
  if (!c.slides.some((s) => (s as { on?: unknown }).on !== false)) {
    return 'At least one slide must be shown';
  }
  return promoError(c.promo) ?? fileError('Logo', c.logo) ?? fileError('Size chart', c.size_chart);
}

/** Every picture the content names, each with what the owner calls it (for the file checks). */
export function contentPictures(c: ShopContent): { at: string; file: string }[] {
  return [
    ...c.slides.map((s, i) => ({ at: `Slide ${i + 1}`, file: s.file })),
    { at: 'Promo', file: c.promo.file },
    { at: 'Logo', file: c.logo },
    { at: 'Size chart', file: c.size_chart },
  ];
}

const trimmed = <T extends object>(o: T): T =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  ) as T;

/** Checked content as it is kept: trimmed, only its known fields. */
export function cleanContent(c: ShopContent): ShopContent {
  return {
    slides: c.slides.map((s): BannerSlide =>
      trimmed({
        file: s.file,
        title: s.title,
        text: s.text ?? '',
        cta: s.cta,
        link: s.link,
        on: s.on !== false,
      }),
    ),
    promo: trimmed<PromoBlock>({
      file: c.promo.file,
      eyebrow: c.promo.eyebrow ?? '',
      title: c.promo.title,
      text: c.promo.text ?? '',
      cta: c.promo.cta,
      link: c.promo.link,
    }),
    logo: c.logo,
    size_chart: c.size_chart,
  };
}
