import { conditionPhotoList } from './condition.js';

/**
 * A product's pictures: `image` is the main image's file id and `images` a JSON-encoded list of
 * the extra images' file ids (docs/shop.md §3). The one reader of that list, for the server's
 * rules and the web app alike.
 */

const isFileId = (value: unknown): value is string => typeof value === 'string' && value !== '';

function parsedList(value: unknown): unknown[] | null {
  if (typeof value !== 'string') return null;
  try {
    const list: unknown = JSON.parse(value === '' ? '[]' : value);
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

/** The extra images' ids, or null when the value is not a JSON list of file ids (a write refuses it). */
export function readImageList(value: unknown): string[] | null {
  const list = parsedList(value);
  return list && list.every(isFileId) ? list : null;
}

/** The extra images' ids to show or clean up: what old or damaged data cannot name is left out. */
export function extraImageIds(value: unknown): string[] {
  return (parsedList(value ?? '[]') ?? []).filter(isFileId);
}

/** Every image id a product refers to, main image first, then extras and condition photos, each once. */
export function productImageIds(product: Readonly<Record<string, unknown>>): string[] {
  const ids = new Set<string>();
  if (isFileId(product.image)) ids.add(product.image);
  for (const id of extraImageIds(product.images)) ids.add(id);
  for (const { fileId } of conditionPhotoList(product.condition_photos)) ids.add(fileId);
  return [...ids];
}

/**
 * The photos shoppers see, in their order: the main image (the cover on every tile) first, then
 * the extras. The dashboard edits them as this one list.
 */
export function productPhotoIds(
  product: { image?: unknown; images?: unknown } | Readonly<Record<string, unknown>>,
): string[] {
  const { image, images } = product as { image?: unknown; images?: unknown };
  const ids = isFileId(image) ? [image] : [];
  for (const id of extraImageIds(images)) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** The product's `image` and `images` attributes for photos in this order (first is the cover). */
export function photoFields(ids: readonly string[]): { image: string; images: string } {
  return { image: ids[0] ?? '', images: JSON.stringify(ids.slice(1)) };
}

/**
 * One photo is enough to list a pair, and a draft (hidden from shoppers) may have none yet; the
 * most a product holds keeps its page and its stored list within bounds.
 */
export const PRODUCT_PHOTOS = { toList: 1, most: 12 } as const;

export const PHOTO_MESSAGES = {
  needed: 'Add at least one photo to list this pair, or save it as a draft',
  tooMany: `A product holds at most ${PRODUCT_PHOTOS.most} photos`,
} as const;

/** Why these photos cannot be saved on a product (draft or listed), or null when they can. */
export function photosProblem(count: number, draft: boolean): string | null {
  if (count > PRODUCT_PHOTOS.most) return PHOTO_MESSAGES.tooMany;
  if (!draft && count < PRODUCT_PHOTOS.toList) return PHOTO_MESSAGES.needed;
  return null;
}
