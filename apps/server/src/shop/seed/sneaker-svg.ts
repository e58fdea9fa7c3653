/**
 * Sneaker illustrations for the demo shop, drawn as SVG (no downloaded assets): a side
 * profile in a colourway, composed into a few product-photo views.
 */

export interface Colourway {
  upper: string;
  accent: string;
  /** Midsole. */
  mid: string;
  /** Outsole. */
  sole: string;
  lace: string;
  /** Collar lining and inner details. */
  lining: string;
  /** Photo background. */
  backdrop: string;
}

/** A colourway from its seven colours, in the order the interface lists them. */
export const cw = (
  upper: string,
  accent: string,
  mid: string,
  sole: string,
  lace: string,
  lining: string,
  backdrop: string,
): Colourway => ({ upper, accent, mid, sole, lace, lining, backdrop });

export type Cut = 'low' | 'mid' | 'high';

export type View = 'side' | 'angle' | 'pair' | 'detail';

const COLLAR: Record<Cut, number> = { low: 164, mid: 114, high: 56 };

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const next = amount >= 0 ? v + (255 - v) * amount : v * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(next)));
  };
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** One shoe, toe to the right, in an 820 x 400 box; `uid` keeps gradient ids apart. */
export function shoe(c: Colourway, cut: Cut, uid: string): string {
  const top = COLLAR[cut];
  const dark = (hex: string, a = 0.3) => shade(hex, -a);
  // The lace run, from the throat by the tongue down to the forefoot.
  const from = { x: 330, y: top + 22 };
  const to = { x: 560, y: 214 };
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  const d = { x: (to.x - from.x) / len, y: (to.y - from.y) / len };
  const n = { x: -d.y, y: d.x };
  const laceCount = cut === 'low' ? 4 : cut === 'mid' ? 5 : 6;
  const laces = Array.from({ length: laceCount }, (_, i) => {
    const t = (i + 0.5) / laceCount;
    const p = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
    const a = { x: p.x + n.x * 24 - d.x * 10, y: p.y + n.y * 24 - d.y * 10 };
    const b = { x: p.x - n.x * 24 + d.x * 10, y: p.y - n.y * 24 + d.y * 10 };
    const e1 = { x: p.x + n.x * 30, y: p.y + n.y * 30 };
    const e2 = { x: p.x - n.x * 30, y: p.y - n.y * 30 };
    const f = (v: number) => v.toFixed(1);
    return `<circle cx="${f(e1.x)}" cy="${f(e1.y)}" r="5.5" fill="${dark(c.upper, 0.55)}"/><circle cx="${f(e2.x)}" cy="${f(e2.y)}" r="5.5" fill="${dark(c.upper, 0.55)}"/><path d="M${f(a.x)} ${f(a.y)} L${f(b.x)} ${f(b.y)}" stroke="${dark(c.upper, 0.5)}" stroke-opacity="0.55" stroke-width="15" stroke-linecap="round"/><path d="M${f(a.x)} ${f(a.y)} L${f(b.x)} ${f(b.y)}" stroke="${c.lace}" stroke-width="11" stroke-linecap="round"/><path d="M${f(a.x)} ${f(a.y)} L${f(b.x)} ${f(b.y)}" stroke="${dark(c.lace, 0.25)}" stroke-width="3" stroke-linecap="round" opacity="0.5"/>`;
  }).join('');
  const tread = Array.from({ length: 24 }, (_, i) => {
    const x = 70 + i * 29;
    return `<path d="M${x} 356 l7 14" stroke="${dark(c.sole, 0.3)}" stroke-width="5" stroke-linecap="round"/>`;
  }).join('');
  const upper = `M52 304 C30 250 34 ${top + 60} 58 ${top} Q84 ${top - 12} 118 ${top - 4} Q190 ${top + 34} 270 ${top + 18} L300 ${top - 8} Q340 ${top - 40} 378 ${top - 14} L384 ${top + 20} C440 160 500 196 566 208 C650 222 726 226 770 250 C796 264 806 286 798 304 Z`;
  const strap =
    cut === 'high'
      ? `<path d="M150 ${top + 30} L290 ${top + 4} L300 ${top + 62} L170 ${top + 96} Z" fill="${c.accent}"/><rect x="262" y="${top + 14}" width="22" height="40" rx="6" fill="${dark(c.accent, 0.35)}" transform="rotate(-12 273 ${top + 34})"/>`
      : '';
  return `<g>
  <defs>
    <linearGradient id="vol-${uid}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.30"/>
      <stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.20"/>
    </linearGradient>
    <linearGradient id="mid-${uid}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(c.mid, 0.2)}"/>
      <stop offset="1" stop-color="${shade(c.mid, -0.1)}"/>
    </linearGradient>
    <clipPath id="clip-${uid}"><path d="${upper}"/></clipPath>
  </defs>
  <path d="${upper}" fill="${c.upper}"/>
  <g clip-path="url(#clip-${uid})">
    <path d="M0 320 L0 ${top - 40} L110 ${top - 40} C120 ${top + 80} 150 240 230 330 Z" fill="${c.accent}"/>
    <path d="M640 340 C640 280 660 226 700 210 L840 210 L840 340 Z" fill="${shade(c.accent, 0.06)}"/>
    <path d="M160 300 C250 286 340 250 420 226 C500 204 560 206 620 226 C560 226 500 236 440 258 C360 288 270 306 200 312 Z" fill="${c.accent}"/>
    <path d="M0 ${top - 40} L400 ${top - 40} L400 ${top + 8} Q300 ${top + 30} 270 ${top + 18} Q190 ${top + 34} 118 ${top - 4} L40 ${top + 8} Z" fill="${c.lining}"/>
    <path d="M112 ${top + 20} C120 200 140 262 196 300" fill="none" stroke="${dark(c.accent, 0.35)}" stroke-width="2.5" stroke-dasharray="8 6"/>
    <path d="M650 300 C650 260 668 230 702 218" fill="none" stroke="${dark(c.accent, 0.35)}" stroke-width="2.5" stroke-dasharray="8 6"/>
    ${strap}
    <rect x="0" y="0" width="840" height="400" fill="url(#vol-${uid})"/>
  </g>
  <path d="M300 ${top - 8} Q340 ${top - 40} 378 ${top - 14} L384 ${top + 20} Q350 ${top + 4} 306 ${top + 14} Z" fill="${shade(c.upper, -0.1)}"/>
  <rect x="332" y="${top - 22}" width="30" height="20" rx="5" fill="${c.accent}" transform="rotate(-6 347 ${top - 12})"/>
  ${laces}
  <path d="M42 300 L770 300 Q812 300 814 318 Q814 336 796 340 L40 342 Q26 322 42 300 Z" fill="url(#mid-${uid})"/>
  <rect x="86" y="310" width="86" height="20" rx="9" fill="${shade(c.accent, 0.15)}" opacity="0.85"/>
  <path d="M190 322 C330 326 470 326 640 318" fill="none" stroke="${dark(c.mid, 0.16)}" stroke-width="3"/>
  <path d="M40 342 L796 340 Q812 352 800 364 Q786 374 752 374 L82 376 Q46 376 40 354 Z" fill="${c.sole}"/>
  ${tread}
</g>`;
}

function backdrop(c: Colourway, uid: string, tone = 0): string {
  const base = shade(c.backdrop, tone);
  return `<defs><radialGradient id="bg-${uid}" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="${shade(base, 0.35)}"/><stop offset="1" stop-color="${shade(base, -0.06)}"/></radialGradient><filter id="blur-${uid}" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="14"/></filter></defs><rect width="1000" height="1000" fill="url(#bg-${uid})"/>`;
}

const floorShadow = (uid: string, cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="26" fill="#000" opacity="0.22" filter="url(#blur-${uid})"/>`;

/** A square product photo (1000 x 1000) of one view of the shoe. */
export function productPhotoSvg(c: Colourway, cut: Cut, view: View, uid: string): string {
  let body: string;
  if (view === 'side') {
    body = `${backdrop(c, uid)}${floorShadow(uid, 505, 628, 380)}<g transform="translate(88 252)">${shoe(c, cut, `${uid}a`)}</g>`;
  } else if (view === 'angle') {
    body = `${backdrop(c, uid, 0.12)}${floorShadow(uid, 500, 642, 350)}<g transform="translate(500 500) rotate(9) scale(-1 1) translate(-425 -250)">${shoe(c, cut, `${uid}a`)}</g>`;
  } else if (view === 'pair') {
    const place = (x: number, y: number, k: number) =>
      `translate(${x} ${y}) scale(${k}) translate(-425 -250)`;
    body = `${backdrop(c, uid, -0.05)}${floorShadow(uid, 500, 672, 390)}<g transform="${place(560, 420, 0.8)}">${shoe(c, cut, `${uid}b`)}<rect width="840" height="400" fill="#000" opacity="0.08" clip-path="url(#clip-${uid}b)"/></g><g transform="${place(450, 570, 0.86)}">${shoe(c, cut, `${uid}a`)}</g>`;
  } else {
    body = `${backdrop(c, uid, 0.2)}<g transform="translate(-40 -60) scale(2.1)">${shoe(c, cut, `${uid}a`)}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">${body}</svg>`;
}
