import { useCallback, useState } from 'react';
import {
  CONDITION_PHOTO_SLOTS,
  newProductId,
  photoFields,
  readConditionPhotos,
  type ConditionPhotos,
  type Product,
} from '@courtside/shop';
import type { ProductFormValues } from '@courtside/shop/validation';
import type { ChosenConditionPhotos } from './ConditionPhotoFields';
import { discardImages, uploadImage, type UploadProgress } from './images';
import type { PhotoItem } from './photo-list';
import {
  useCreateProductMutation,
  useUpdateProductMutation,
  type ProductWrite,
} from './products-api';

export interface ChosenImages {
  /** The photos in their order, the first the cover: stored ones and files to upload. */
  photos: readonly PhotoItem[];
  /** Condition photos chosen per slot; an empty slot keeps what the product has. */
  condition?: ChosenConditionPhotos;
}

/** The chosen condition photos in slot order, for uploading beside the other images. */
const conditionFiles = (chosen: ChosenConditionPhotos = {}) =>
  CONDITION_PHOTO_SLOTS.flatMap((s) => (chosen[s.id] ? [[s.id, chosen[s.id]!] as const] : []));

/** The product's condition photos with the newly uploaded ones (`ids` in `conditionFiles`' order). */
function withConditionPhotos(
  stored: string | undefined,
  slots: ReturnType<typeof conditionFiles>,
  ids: string[],
): string {
  const photos: ConditionPhotos = { ...readConditionPhotos(stored) };
  slots.forEach(([slot], i) => (photos[slot] = ids[i]!));
  return Object.keys(photos).length ? JSON.stringify(photos) : '';
}

const fieldsOf = (v: ProductFormValues): Omit<ProductWrite, 'images'> => ({
  title: v.title.trim(),
  description: v.description.trim(),
  category: v.category,
  size: v.size,
  condition: v.condition,
  price: v.price,
  disc_price: v.disc_price,
  stoke: v.stoke,
  // Out of stock means none left (D16).
  stock: v.stoke === 'false' ? 0 : v.stock,
  draft: v.draft,
});

/**
 * Saves the product form: every chosen photo is uploaded first (with progress), and only when all
 * returned ids is the product created or updated with its photos in the owner's order
 * (docs/shop.md §4). Returns the product id.
 */
export function useSaveProduct(existing: Product | undefined) {
  const [progress, setProgress] = useState<ReadonlyMap<File, UploadProgress>>(new Map());
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();

  const save = useCallback(
    async (values: ProductFormValues, chosen: ChosenImages): Promise<string> => {
      const slots = conditionFiles(chosen.condition);
      const chosenFiles = chosen.photos.flatMap((p) => (p.file ? [p.file] : []));
      const files = [...chosenFiles, ...slots.map(([, f]) => f)];
      setProgress(new Map(files.map((f) => [f, null])));
      const uploaded: string[] = [];
      try {
        const results = await Promise.allSettled(
          files.map((file) =>
            uploadImage(file, (percent) => setProgress((prev) => new Map(prev).set(file, percent))),
          ),
        );
        for (const r of results) if (r.status === 'fulfilled') uploaded.push(r.value);
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        const idOf = new Map(chosenFiles.map((f, i) => [f, uploaded[i]!]));
        // The photos in the owner's order; a stored one left out is deleted by the server.
        const photos = photoFields(chosen.photos.map((p) => p.stored ?? idOf.get(p.file)!));
        // Replaced condition photos are deleted by the server, as removed photos are.
        const condition_photos = withConditionPhotos(
          existing?.condition_photos,
          slots,
          uploaded.slice(chosenFiles.length),
        );
        const withCondition = condition_photos ? { condition_photos } : {};
        if (existing) {
          await updateProduct({
            id: existing.$id,
            fields: { ...fieldsOf(values), ...photos, ...withCondition },
          }).unwrap();
          return existing.$id;
        }
        const id = newProductId();
        await createProduct({
          id,
          fields: { ...fieldsOf(values), ...photos, ...withCondition },
        }).unwrap();
        return id;
      } catch (error) {
        await discardImages(uploaded);
        setProgress(new Map());
        throw error;
      }
    },
    [existing, createProduct, updateProduct],
  );

  return { save, progress };
}
