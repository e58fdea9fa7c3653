import { productPhotoIds } from '@courtside/shop';
import { chosenPictureProblem } from './images';

/**
 * The product form's photos as one ordered list (the first is the cover): photos stored on the
 * product (file ids) and files chosen on this device, not uploaded until the product is saved.
 */
export type PhotoItem =
  | { key: string; stored: string; file?: undefined }
  | { key: string; file: File; stored?: undefined };

let next = 0;
const freshKey = () => `chosen-${++next}`;

export const storedPhotos = (product: { image?: unknown; images?: unknown } | undefined) =>
  product ? productPhotoIds(product).map((id): PhotoItem => ({ key: id, stored: id })) : [];

export const chosenPhotos = (files: readonly File[]) =>
  files.map((file): PhotoItem => ({ key: freshKey(), file }));

/** The list with the photo at `from` moved to `to` (both within the list). */
export function movePhoto<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
}

/** What a person calls a photo: its file's name, or its place among the stored ones. */
export const photoName = (item: PhotoItem, index: number) =>
  item.file ? item.file.name : `photo ${index + 1}`;

/** The chosen files that can be photos, and a plain reason for each that cannot. */
export async function sortChosenFiles(files: readonly File[]) {
  const checked = await Promise.all(
    files.map(async (file) => {
      return { file, problem: await chosenPictureProblem(file) };
    }),
  );
  return {
    taken: checked.filter((c) => c.problem === null).map((c) => c.file),
    refused: checked.flatMap((c) => (c.problem ? [c.problem] : [])),
  };
}
