/**
 * Draft products: kept in the dashboard, hidden from shoppers everywhere (lists, search, the
 * product page, rendered pages, link previews, orders) until the owner publishes them.
 */

/** Whether a product is a draft (a product from before drafts existed is listed). */
export const isDraft = (product: { draft?: unknown } | Readonly<Record<string, unknown>>) =>
  (product as { draft?: unknown }).draft === true;

/**
 * A product's document permissions: shoppers (anyone) read a listed one; a draft has none, so
 * only the owner reads it, through the collection's own permission.
 */
export const productPermissions = (draft: unknown): string[] =>
  draft === true ? [] : ['read("any")'];
