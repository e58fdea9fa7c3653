import { formatRs, FREE_DELIVERY_FROM } from './pricing.js';

/**
 * The home page's three service highlights (spec section 1; D33): what the shop promises, in
 * the owner's words. They are kept with the shop's other public texts, as one document of the
 * `pages` collection (info-pages.ts) whose `body` holds the three as JSON, so the storefront reads
 * them as it reads the delivery estimate and the owner edits them beside it in the dashboard.
 * Never saved, or unreadable: the defaults, promises a one-person shop can keep. Their rules are
 * in info-page-rules.ts, apart, so the storefront's first load does not carry them.
 */

/** The document of the `pages` collection holding the highlights. */
export const HIGHLIGHTS_ID = 'highlights';
export const HIGHLIGHTS_TITLE = 'Service highlights';

/** One highlight: a short promise and a line that says what it means. */
export interface Highlight {
  title: string;
  text: string;
}

/** Characters at most, so each fits its box on a phone. */
export const HIGHLIGHT_LIMITS = Object.freeze({ title: 40, text: 80 });

/** What each of the three boxes promises: delivery, answers, the pair itself (their icons). */
export const DEFAULT_HIGHLIGHTS: readonly Readonly<Highlight>[] = Object.freeze([
  {
    title: `Free delivery over ${formatRs(FREE_DELIVERY_FROM)}`,
    text: 'Cash on delivery across Pakistan',
  },
  { title: 'WhatsApp replies 9am-9pm', text: 'Ask about sizes, condition or your order' },
  { title: 'Same item guarantee', text: 'The pair you order is the pair we pack' },
]);

const isHighlight = (h: unknown): h is Highlight =>
  typeof h === 'object' &&
  h !== null &&
  typeof (h as Highlight).title === 'string' &&
  typeof (h as Highlight).text === 'string' &&
  (h as Highlight).title.trim() !== '';

/** The three highlights a stored body holds; any missing or broken one is its default. */
export function readHighlights(body: string | null | undefined): Highlight[] {
  let stored: unknown;
  try {
    stored = body ? JSON.parse(body) : null;
  } catch {
    stored = null;
  }
  const list = Array.isArray(stored) ? stored : [];
  return DEFAULT_HIGHLIGHTS.map((fallback, i) => {
    const h: unknown = list[i];
    return isHighlight(h) ? { title: h.title, text: h.text } : { ...fallback };
  });
}
