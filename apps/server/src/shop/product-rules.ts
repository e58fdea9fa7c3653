import { shopError } from './errors.js';
import {
  isCategory,
  isProductId,
  newProductId,
  photosProblem,
  productPermissions,
  productImageIds,
  productPhotoIds,
  readConditionPhotos,
  readImageList,
  SHOP_MESSAGES,
} from '@courtside/shop';
import type {
  DocumentHooks,
  DocumentInput,
  DocumentPatch,
  HookContext,
  StoredDocument,
} from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';
import { keptProductFields } from './kept-fields.js';
import type { ProductChange } from './stats.js';

const invalid = (message: string) => shopError('shop_product_invalid', message);

/** The extra images, checked as a write must have them (a JSON list of file ids). */
export function parseImageList(value: unknown): string[] {
  const list = readImageList(value);
  if (!list) throw invalid('The extra images must be a JSON list of file ids');
  return list;
}

/**
 * `stock` is the count, `stoke` the flag the shop filters on (D1, D16); they always agree: a
 * product is in stock when its flag says so and at least one unit is left. "false" sets the
 * count to 0, a count of 0 sets the flag to "false", and "true" alone on a product at 0 makes
 * it 1. (On create the schema's defaults fill whichever of the two was not sent.)
 */
export function reconcileStock(
  change: { stoke?: unknown; stock?: unknown },
  current: { stock: number } | null,
): { stoke: 'true' | 'false'; stock: number } | null {
  const { stoke, stock } = change;
  if (stoke !== undefined && stoke !== 'true' && stoke !== 'false') {
    throw invalid('Stock state must be "true" (In Stock) or "false" (Out of Stock)');
  }
  if (stock !== undefined && (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0)) {
    throw invalid('Stock must be a whole number, 0 or more');
  }
  const of = (inStock: boolean, count: number) =>
    ({ stoke: inStock ? 'true' : 'false', stock: inStock ? count : 0 }) as const;
  if (stock !== undefined) {
    const count = stock as number;
    return of(stoke !== 'false' && count > 0, count);
  }
  if (stoke !== undefined) return of(stoke === 'true', Math.max(current?.stock ?? 1, 1));
  return current ? null : of(true, 1);
}

/**
 * Field checks the schema cannot express (category list, discount not above price), and the
 * attributes the server keeps.
 */
export function checkProductFields(data: Record<string, unknown>, current: StoredDocument | null) {
  const out: Record<string, unknown> = { ...data };
  if (data.category !== undefined) {
    const category = typeof data.category === 'string' ? data.category.trim().toLowerCase() : '';
    if (!isCategory(category)) throw invalid('Choose a category from the list');
    out.category = category;
  }
  if (data.title !== undefined && (typeof data.title !== 'string' || data.title.trim() === '')) {
    throw invalid('Title is required');
  }
  // The schema takes 0 (old imported products); a price the owner sets is a real one.
  if (
    data.price !== undefined &&
    (typeof data.price !== 'number' || !Number.isInteger(data.price) || data.price < 1)
  ) {
    throw invalid('Price must be a whole number of rupees, 1 or more');
  }
  const price = data.price ?? current?.price;
  const disc = data.disc_price ?? current?.disc_price ?? 0;
  const regular = data.regular_disc_price ?? current?.regular_disc_price ?? 0;
  if (
    typeof price === 'number' &&
    ((typeof disc === 'number' && disc > price) || (typeof regular === 'number' && regular > price))
  ) {
    throw invalid('Discount price cannot be above the price');
  }
  if (data.images !== undefined) parseImageList(data.images);
  if (data.condition_photos !== undefined && readConditionPhotos(data.condition_photos) === null) {
    throw invalid(
      'The condition photos must be a JSON object of sole, heel, box or tag to a file id',
    );
  }
  if (data.draft !== undefined && typeof data.draft !== 'boolean') {
    throw invalid('Draft must be true (hidden from shoppers) or false (listed)');
  }
  // The photos are judged when they or the draft state change (a stock edit of an old product
  // without photos is not refused for them).
  if (!current || ['image', 'images', 'draft'].some((key) => data[key] !== undefined)) {
    const photos = productPhotoIds({ ...current, ...data });
    const problem = photosProblem(photos.length, (data.draft ?? current?.draft) === true);
    if (problem) throw invalid(problem);
  }
  const stock = reconcileStock(data, current ? { stock: Number(current.stock ?? 0) } : null);
  if (stock) Object.assign(out, stock);
  // The sale price and pairs sold are the server's (kept-fields.ts).
  return { ...out, ...keptProductFields(data, current) };
}

/**
 * The document id is the product id: 9 digits. The id the client chose is kept when it is one
 * and free; any other (`unique()` arrives here already replaced by a generic unique id), or
 * one taken meanwhile, gets a fresh one.
 */
function withProductId(input: DocumentInput, data: Record<string, unknown>): DocumentInput {
  const withId = (id: string) => ({ documentId: id, data: { ...data, product_id: id } });
  const wanted = input.documentId;
  return {
    ...input,
    ...withId(isProductId(wanted) ? wanted : newProductId()),
    retry: () => withId(newProductId()),
  };
}

export function deleteLater(shop: ShopContext, ctx: HookContext, fileIds: string[]) {
  if (fileIds.length === 0) return;
  ctx.afterCommit(async () => {
    for (const id of fileIds) await shop.storage.deleteFile(shop.ids.bucket, id);
  });
}

export function productHooks(
  shop: ShopContext,
  onChange: (ctx: HookContext, change: ProductChange) => Promise<void>,
): DocumentHooks {
  return {
    deniedMessage: () => SHOP_MESSAGES.adminOnly,
    beforeCreate(ctx, input: DocumentInput) {
      requireAdmin(ctx.caller, shop.ids);
      const data = checkProductFields(input.data, null);
      return {
        ...withProductId(input, data),
        permissions: productPermissions(data.draft),
      };
    },
    afterCreate: (ctx, created) => onChange(ctx, [null, created]),
    beforeUpdate(ctx, current, patch: DocumentPatch) {
      requireAdmin(ctx.caller, shop.ids);
      if (patch.data.product_id !== undefined && patch.data.product_id !== current.$id) {
        throw invalid('The product id cannot change');
      }
      const data = checkProductFields(patch.data, current);
      return { data, permissions: productPermissions(data.draft ?? current.draft) };
    },
    async afterUpdate(ctx, before, after) {
      // A replaced main image, or extra images taken off the product, are deleted (docs/shop.md
      // §4).
      const kept = new Set(productImageIds(after));
      deleteLater(
        shop,
        ctx,
        productImageIds(before).filter((id) => !kept.has(id)),
      );
      await onChange(ctx, [before, after]);
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
    async afterDelete(ctx, deleted) {
      deleteLater(shop, ctx, productImageIds(deleted));
      await onChange(ctx, [deleted, null]);
    },
  };
}
