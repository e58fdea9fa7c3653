import {
  DELIVERY_ESTIMATE_ID,
  INFO_PAGE_SLUGS,
  type InfoText,
  type InfoTextId,
} from './info-pages.js';

/**
 * What the shop's pages and delivery estimate may hold (info-pages.ts), checked alike by the
 * backend's rules and the dashboard's forms.
 */

/** Characters at most; the schema's attribute sizes are the same (apps/server/src/shop/appwrite.json). */
export const INFO_TEXT_LIMITS = Object.freeze({ title: 120, body: 20_000, delivery: 60 });

/** "There is no page ..." for a document id the collection does not hold. */
export function unknownInfoPageMessage(id: string): string {
  const known = [...INFO_PAGE_SLUGS, DELIVERY_ESTIMATE_ID].join(', ');
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
