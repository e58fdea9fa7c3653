import { useCallback, useState } from 'react';
import {
  CONDITION_PHOTO_SLOTS,
  extraImageIds,
  newProductId,
  readConditionPhotos,
  type ConditionPhotos,
  type Product,
} from '@courtside/shop';
import type { ProductFormValues } from '@courtside/shop/validation';
import type { ChosenConditionPhotos } from './ConditionPhotoFields';
import { discardImages, uploadImage, type UploadProgress } from './images';
import {
  useCreateProductMutation,
  useUpdateProductMutation,
  type ProductWrite,
} from './products-api';

export interface ChosenImages {
  main: File | null;
  extras: File[];
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
});

/**
 * Saves the product form: every chosen image is uploaded first (with progress), and only when all
 * returned ids is the product created or updated (docs/shop.md §4). Returns the product id.
 */
export function useSaveProduct(existing: Product | undefined) {
  const [progress, setProgress] = useState<ReadonlyMap<File, UploadProgress>>(new Map());
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();

  const save = useCallback(
    async (values: ProductFormValues, chosen: ChosenImages): Promise<string> => {
      const slots = conditionFiles(chosen.condition);
      const files = [
        ...(chosen.main ? [chosen.main] : []),
        ...chosen.extras,
        ...slots.map(([, f]) => f),
      ];
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
        const fileIds = uploaded.slice(0, uploaded.length - slots.length);
        const mainId = chosen.main ? fileIds[0] : undefined;
        const extraIds = chosen.main ? fileIds.slice(1) : fileIds;
        // Replaced condition photos are deleted by the server, as a replaced main image is.
        const condition_photos = withConditionPhotos(
          existing?.condition_photos,
          slots,
          uploaded.slice(uploaded.length - slots.length),
        );
        const photos = condition_photos ? { condition_photos } : {};
        if (existing) {
          const images = [...extraImageIds(existing.images), ...extraIds];
          await updateProduct({
            id: existing.$id,
            fields: {
              ...fieldsOf(values),
              images: JSON.stringify(images),
              ...photos,
              // Only a new main image is sent; the server deletes the one it replaces (D16).
              ...(mainId ? { image: mainId } : {}),
            },
          }).unwrap();
          return existing.$id;
        }
        const id = newProductId();
        await createProduct({
          id,
          fields: {
            ...fieldsOf(values),
            image: mainId ?? '',
            images: JSON.stringify(extraIds),
            ...photos,
          },
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
