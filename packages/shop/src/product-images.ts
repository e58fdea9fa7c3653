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
