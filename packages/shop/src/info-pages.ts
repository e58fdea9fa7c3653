import { HIGHLIGHTS_ID } from './service-highlights.js';

/**
 * The shop's own pages (privacy, terms, FAQ, contact, size exchange), its delivery estimate and
 * the home page's service highlights (service-highlights.ts):
 * text the owner edits in the dashboard, stored in the `pages` collection one document per slug
 * (the document id), each with a `title` and a `body`. A page the owner has not saved shows its
 * default text (info-page-defaults.ts). The backend and the dashboard's form check the same rules
 * (info-page-rules.ts: apart, so the storefront's first load does not carry them).
 */

/** The pages, in the order the footer and the dashboard list them; each one's path is `/<slug>`. */
export const INFO_PAGE_SLUGS = ['privacy', 'terms', 'faq', 'contact', 'size-exchange'] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];

/** The document holding the delivery estimate ("2-4 working days") in its `body`. */
export const DELIVERY_ESTIMATE_ID = 'delivery';
export const DELIVERY_ESTIMATE_TITLE = 'Delivery estimate';
export const DEFAULT_DELIVERY_ESTIMATE = '2-4 working days';

/** Every document id the collection accepts. */
export type InfoTextId = InfoPageSlug | typeof DELIVERY_ESTIMATE_ID | typeof HIGHLIGHTS_ID;

export interface InfoText {
  title: string;
  body: string;
}

export const isInfoPageSlug = (id: string): id is InfoPageSlug =>
  (INFO_PAGE_SLUGS as readonly string[]).includes(id);

export const isInfoTextId = (id: string): id is InfoTextId =>
  id === DELIVERY_ESTIMATE_ID || id === HIGHLIGHTS_ID || isInfoPageSlug(id);

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
