import { DEFAULT_FACTS, shopPhoneText, SIZE_TABLE } from '@courtside/shop';
import { cw, shade, shoe, type Colourway, type Cut } from './sneaker-svg.js';
import { escapeHtml } from '../../tools/html.js';

/** The shop's own pictures (home banner, promo, size chart, logo), drawn as SVG. */

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;

const esc = escapeHtml;

export interface Slide {
  eyebrow: string;
  title: [string, string];
  note: string;
  from: string;
  to: string;
  ink: string;
  shoe: Colourway;
  cut: Cut;
}

export const SLIDES: Slide[] = [
  {
    eyebrow: 'NEW DROPS EVERY WEEK',
    title: ['Original hoops', 'shoes in Pakistan'],
    note: 'Cash on delivery across the whole country',
    from: '#0f172a',
    to: '#1e3a8a',
    ink: '#ffffff',
    shoe: cw('#f97316', '#111827', '#f8fafc', '#f97316', '#ffffff', '#1f2937', '#1e3a8a'),
    cut: 'high',
  },
  {
    eyebrow: 'PRE-LOVED, CHECKED PAIR BY PAIR',
    title: ['Play in legends', 'for less'],
    note: 'Every pair rated out of 10, photos of the real pair',
    from: '#7f1d1d',
    to: '#dc2626',
    ink: '#ffffff',
    shoe: cw('#f8fafc', '#b91c1c', '#ffffff', '#111827', '#f8fafc', '#b91c1c', '#dc2626'),
    cut: 'mid',
  },
  {
    eyebrow: 'FREE DELIVERY',
    title: ['Free delivery', 'over Rs.10,000'],
    note: 'Lahore, Karachi, Islamabad and everywhere in between',
    from: '#064e3b',
    to: '#10b981',
    ink: '#ffffff',
    shoe: cw('#111827', '#34d399', '#f8fafc', '#34d399', '#111827', '#34d399', '#10b981'),
    cut: 'low',
  },
  {
    eyebrow: 'SIZES EUR 40 TO 47',
    title: ['Find your size,', 'then your pair'],
    note: 'Check the size guide before you order',
    from: '#451a03',
    to: '#b45309',
    ink: '#ffffff',
    shoe: cw('#7c3aed', '#facc15', '#ffffff', '#7c3aed', '#facc15', '#4c1d95', '#f59e0b'),
    cut: 'mid',
  },
  {
    eyebrow: 'ORDER ON WHATSAPP TOO',
    title: ['Ask about any pair', 'on WhatsApp'],
    note: `${shopPhoneText(DEFAULT_FACTS)}, we reply within the hour`,
    from: '#111827',
    to: '#4b5563',
    ink: '#ffffff',
    shoe: cw('#0ea5e9', '#f8fafc', '#f8fafc', '#0c4a6e', '#f8fafc', '#0c4a6e', '#4b5563'),
    cut: 'high',
  },
];

/**
 * A 1600 x 600 home banner slide: a big sneaker right, the left kept dark and empty for the
 * words the storefront lays over it (BANNER_SLIDES in packages/shop).
 */
export function bannerSvg(s: Slide, index: number): string {
  const uid = `banner${index}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs>
    <linearGradient id="g-${uid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.from}"/><stop offset="1" stop-color="${s.to}"/></linearGradient>
    <filter id="blur-${uid}"><feGaussianBlur stdDeviation="16"/></filter>
  </defs>
  <rect width="1600" height="600" fill="url(#g-${uid})"/>
  <linearGradient id="shade-${uid}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/></linearGradient>
  <circle cx="1180" cy="300" r="250" fill="${shade(s.to, 0.25)}" opacity="0.35"/>
  <circle cx="1180" cy="300" r="330" fill="none" stroke="${s.ink}" stroke-opacity="0.12" stroke-width="3"/>
  <path d="M930 80 Q1180 300 930 520 M1430 80 Q1180 300 1430 520 M1180 -30 L1180 630 M850 300 L1510 300" fill="none" stroke="${s.ink}" stroke-opacity="0.10" stroke-width="4"/>
  <rect width="1600" height="600" fill="url(#shade-${uid})"/>
  <ellipse cx="1180" cy="470" rx="330" ry="24" fill="#000" opacity="0.3" filter="url(#blur-${uid})"/>
  <g transform="translate(1210 320) rotate(-8) scale(0.76) translate(-425 -250)">${shoe(s.shoe, s.cut, uid)}</g>
</svg>`;
}

/**
 * The 1200 x 400 promo picture: dark on the left, where the page writes its words (10% for
 * subscribers, free delivery) as text that stays readable on a phone; two shoes on the right.
 */
export function promoSvg(): string {
  const c = cw('#facc15', '#111827', '#ffffff', '#111827', '#111827', '#111827', '#facc15');
  const c2: Colourway = {
    ...c,
    upper: '#111827',
    accent: '#facc15',
    sole: '#facc15',
    lace: '#ffffff',
    lining: '#facc15',
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
  <defs><linearGradient id="pg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#111827"/><stop offset="0.55" stop-color="#1f2937"/><stop offset="1" stop-color="#374151"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#pg)"/>
  <path d="M830 0 L1200 0 L1200 400 L730 400 Z" fill="#facc15"/>
  <g transform="translate(960 170) rotate(-14) scale(0.46) translate(-425 -250)">${shoe(c2, 'high', 'promo-b')}</g>
  <g transform="translate(990 270) rotate(-4) scale(0.5) translate(-425 -250)">${shoe(c, 'mid', 'promo-a')}</g>
</svg>`;
}

/**
 * The chart's rows: the whole EUR sizes the shop stocks (40-47), from the same table the size
 * guide prints beside the picture, so the two never disagree.
 */
export const SIZE_ROWS: [string, string, string, string][] = SIZE_TABLE.filter(
  (r) => Number.isInteger(r.eur) && r.eur >= 40 && r.eur <= 47,
).map((r) => [String(r.eur), r.cm.toFixed(1), String(r.uk), String(r.usMen)]);

/** The size chart's canvas and the boxes its parts take, top to bottom (kept inside the canvas). */
export const SIZE_CHART = Object.freeze({
  width: 1200,
  height: 800,
  tableTop: 156,
  headH: 58,
  rowH: 58,
  footGap: 44,
  footLine: 34,
});

/** The 1200 x 800 size chart of the size guide. */
export function sizeChartSvg(): string {
  const { width, height, tableTop, headH, rowH, footGap, footLine } = SIZE_CHART;
  const head = ['EUR', 'Foot length (cm)', 'UK', 'US men'];
  const xs = [180, 470, 780, 1010];
  // A baseline sits a little below the middle of its band, so the glyphs look centred in it.
  const baseline = (top: number, h: number, size: number) => Math.round(top + h / 2 + size * 0.36);
  const rowsTop = tableTop + headH;
  const rows = SIZE_ROWS.map((r, i) => {
    const top = rowsTop + i * rowH;
    const band =
      i % 2 === 1 ? `<rect x="80" y="${top}" width="1040" height="${rowH}" fill="#f3f4f6"/>` : '';
    const y = baseline(top, rowH, 30);
    return `${band}${r.map((v, j) => `<text x="${xs[j]}" y="${y}" ${FONT} font-size="30" text-anchor="middle" fill="#111827"${j === 0 ? ' font-weight="bold"' : ''}>${v}</text>`).join('')}`;
  }).join('');
  const tableBottom = rowsTop + SIZE_ROWS.length * rowH;
  const foot = tableBottom + footGap;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#ffffff"/>
  <text x="80" y="84" ${FONT} font-size="44" font-weight="bold" fill="#111827">Size chart</text>
  <text x="80" y="126" ${FONT} font-size="24" fill="#4b5563">Measure your foot heel to toe in cm, then pick the first size at or above it.</text>
  <rect x="80" y="${tableTop}" width="1040" height="${headH}" rx="8" fill="#111827"/>
  <rect x="80" y="${tableTop + headH - 8}" width="1040" height="8" fill="#111827"/>
  ${head.map((h, j) => `<text x="${xs[j]}" y="${baseline(tableTop, headH, 26)}" ${FONT} font-size="26" font-weight="bold" text-anchor="middle" fill="#ffffff">${h}</text>`).join('')}
  ${rows}
  <rect x="80" y="${tableTop}" width="1040" height="${tableBottom - tableTop}" rx="8" fill="none" stroke="#e5e7eb" stroke-width="2"/>
  <text x="80" y="${foot}" ${FONT} font-size="22" fill="#6b7280">Between two sizes? Basketball shoes fit snug: take the larger one.</text>
  <text x="80" y="${foot + footLine}" ${FONT} font-size="22" fill="#6b7280">Not sure? Ask us on WhatsApp ${esc(shopPhoneText(DEFAULT_FACTS))}.</text>
</svg>`;
}

/** The 512 x 512 round logo: an orange ball with seams on a transparent background. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><radialGradient id="ball" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="#fb923c"/><stop offset="1" stop-color="#c2410c"/></radialGradient></defs>
  <circle cx="256" cy="256" r="248" fill="#111827"/>
  <circle cx="256" cy="256" r="206" fill="url(#ball)"/>
  <g fill="none" stroke="#111827" stroke-width="14" stroke-linecap="round">
    <path d="M50 256 H462"/><path d="M256 50 V462"/>
    <path d="M110 110 Q200 256 110 402"/><path d="M402 110 Q312 256 402 402"/>
  </g>
  <circle cx="256" cy="256" r="206" fill="none" stroke="#111827" stroke-width="10"/>
</svg>`;
}
