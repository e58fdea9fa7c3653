import {
  DELIVERY_ESTIMATE_ID,
  INFO_PAGE_SLUGS,
  type InfoText,
  type InfoTextId,
} from './info-pages.js';
import {
  DEFAULT_HIGHLIGHTS,
  HIGHLIGHT_LIMITS,
  HIGHLIGHTS_ID,
  type Highlight,
} from './service-highlights.js';

/**
 * What the shop's pages and delivery estimate may hold (info-pages.ts), checked alike by the
 * backend's rules and the dashboard's forms.
 */

/** Characters at most; the schema's attribute sizes are the same (apps/server/src/shop/appwrite.json). */
export const INFO_TEXT_LIMITS = Object.freeze({ title: 120, body: 20_000, delivery: 60 });

/** "There is no page ..." for a document id the collection does not hold. */
export function unknownInfoPageMessage(id: string): string {
  const known = [...INFO_PAGE_SLUGS, DELIVERY_ESTIMATE_ID, HIGHLIGHTS_ID].join(', ');
  return `There is no page "${id.slice(0, 40)}". The pages are: ${known}.`;
}

const length = (text: string) => [...text].length;

/**
 * The title and body as they are stored (trimmed, one line for a title, Unix line ends), or
 * what is wrong with them, in words for the owner.
 */
export function checkInfoText(
  id: InfoTextId,
  text: InfoText,
): { ok: InfoText; error?: never } | { error: string; ok?: never } {
  const title = text.title.replace(/\s+/g, ' ').trim();
  if (id === HIGHLIGHTS_ID) return checkedHighlights(title, text.body);
  const delivery = id === DELIVERY_ESTIMATE_ID;
  const body = delivery
    ? text.body.replace(/\s+/g, ' ').trim()
    : text.body.replace(/\r\n?/g, '\n').trim();
  const { title: titleMax, body: bodyMax } = INFO_TEXT_LIMITS;
  if (!title) return { error: 'Please give the page a title.' };
  if (length(title) > titleMax) {
    return { error: `The title is too long: ${titleMax} characters at most.` };
  }
  if (delivery) {
    if (!body) return { error: 'Please write the delivery estimate, like "2-4 working days".' };
    if (length(body) > INFO_TEXT_LIMITS.delivery) {
      return {
        error: `The delivery estimate is too long: ${INFO_TEXT_LIMITS.delivery} characters at most.`,
      };
    }
  } else {
    if (!body) return { error: 'Please write the text of the page.' };
    if (length(body) > bodyMax) {
      return {
        error: `The text is too long: ${bodyMax.toLocaleString('en-US')} characters at most.`,
      };
    }
  }
  return { ok: { title, body } };
}

/** Whether a stored or sent value is one highlight's words. */
const isHighlightShape = (h: unknown): h is Highlight =>
  typeof h === 'object' &&
  h !== null &&
  typeof (h as Highlight).title === 'string' &&
  typeof (h as Highlight).text === 'string';

/** The highlights' body: the three as JSON (service-highlights.ts), checked box by box. */
function checkedHighlights(
  title: string,
  body: string,
): { ok: InfoText; error?: never } | { error: string; ok?: never } {
  if (!title) return { error: 'Please give the page a title.' };
  let list: unknown = null;
  try {
    list = JSON.parse(body);
  } catch {
    // Not JSON: refused below like any other shape.
  }
  if (!Array.isArray(list) || !list.every(isHighlightShape)) {
    return { error: 'The highlights are a list of three, each with a title and a text.' };
  }
  const result = checkHighlights(list);
  if (result.error !== undefined) return { error: result.error };
  return { ok: { title, body: highlightsBody(result.ok) } };
}

/** The highlights as a document's body stores them. */
export const highlightsBody = (list: readonly Highlight[]): string =>
  JSON.stringify(list.map(({ title, text }) => ({ title, text })));

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The highlights as they are stored (three, each on one line, trimmed), or what is wrong with
 * them in the owner's words, naming the box (checked alike by the dashboard and the backend).
 */
export function checkHighlights(
  list: readonly Highlight[],
): { ok: Highlight[]; error?: never } | { error: string; ok?: never } {
  if (list.length !== DEFAULT_HIGHLIGHTS.length) {
    return { error: `Write all ${DEFAULT_HIGHLIGHTS.length} highlights.` };
  }
  const ok: Highlight[] = [];
  for (const [i, h] of list.entries()) {
    const title = oneLine(h.title);
    const text = oneLine(h.text);
    const box = `Highlight ${i + 1}`;
    if (!title) return { error: `${box}: please write its promise.` };
    if (length(title) > HIGHLIGHT_LIMITS.title) {
      return {
        error: `${box}: the promise is too long, ${HIGHLIGHT_LIMITS.title} characters at most.`,
      };
    }
    if (length(text) > HIGHLIGHT_LIMITS.text) {
      return {
        error: `${box}: the line is too long, ${HIGHLIGHT_LIMITS.text} characters at most.`,
      };
    }
    ok.push({ title, text });
  }
  return { ok };
}
