/**
 * The shop's own pages (privacy, terms, FAQ, contact, size exchange) and its delivery estimate:
 * text the owner edits in the dashboard, stored in the `pages` collection one document per slug
 * (the document id), each with a `title` and a `body`. A page the owner has not saved shows its
 * default text (info-page-defaults.ts). The backend and the dashboard's form check the same rules.
 */

/** The pages, in the order the footer and the dashboard list them; each one's path is `/<slug>`. */
export const INFO_PAGE_SLUGS = ['privacy', 'terms', 'faq', 'contact', 'size-exchange'] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];

/** The document holding the delivery estimate ("2-4 working days") in its `body`. */
export const DELIVERY_ESTIMATE_ID = 'delivery';
export const DELIVERY_ESTIMATE_TITLE = 'Delivery estimate';
export const DEFAULT_DELIVERY_ESTIMATE = '2-4 working days';

/** Every document id the collection accepts. */
export type InfoTextId = InfoPageSlug | typeof DELIVERY_ESTIMATE_ID;

/** Characters at most; the schema's attribute sizes are the same (apps/server/src/shop/appwrite.json). */
export const INFO_TEXT_LIMITS = Object.freeze({ title: 120, body: 20_000, delivery: 60 });

export interface InfoText {
  title: string;
  body: string;
}

export const isInfoPageSlug = (id: string): id is InfoPageSlug =>
  (INFO_PAGE_SLUGS as readonly string[]).includes(id);

export const isInfoTextId = (id: string): id is InfoTextId =>
  id === DELIVERY_ESTIMATE_ID || isInfoPageSlug(id);

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

/** A stored page as the web app reads it, or null for a document that is not one. */
export interface StoredInfoText extends InfoText {
  id: string;
  updatedAt: string;
}

export function storedInfoText(doc: unknown): StoredInfoText | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const d = doc as Record<string, unknown>;
  const { $id, $updatedAt, title, body } = d;
  if (typeof $id !== 'string' || typeof title !== 'string' || typeof body !== 'string') {
    return null;
  }
  return { id: $id, title, body, updatedAt: typeof $updatedAt === 'string' ? $updatedAt : '' };
}
