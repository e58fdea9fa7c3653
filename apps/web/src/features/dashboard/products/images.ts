import { ID } from 'appwrite';
import { PICTURE_HEAD_BYTES, pictureProblem } from '@courtside/shop';
import { ids } from '../../../config/env';
import { storage } from '../../../lib/appwrite';

/** The file types the photo fields offer to choose (the rule itself: picture-files.ts). */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

/** A file's first bytes, read on this device (FileReader: every browser, and the unit tests' DOM). */
function readHead(file: File): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : []));
    reader.onerror = () => resolve(new Uint8Array());
    reader.readAsArrayBuffer(file.slice(0, PICTURE_HEAD_BYTES));
  });
}

/**
 * Why a file chosen on this device cannot be a picture of the shop ("fake.png is not a
 * picture"), told from its name, size and first bytes; null when it can.
 */
export const chosenPictureProblem = async (file: File): Promise<string | null> =>
  pictureProblem(file, await readHead(file));

/** An upload's progress: null while the SDK has not reported a figure, then 0..100. */
export type UploadProgress = number | null;

/*
 * Image files go to storage straight through the SDK rather than as cache mutations: the upload
 * reports progress through a callback, and no cached query holds a file. The product write that
 * names them is a mutation (products-api.ts) and invalidates what it changes.
 */

/**
 * Uploads one image and returns its file id. SDK 13 reports progress only for files sent in
 * 5 MB chunks, after each chunk; a typical photo goes in one request and reports nothing, so
 * `onProgress` gets null (uploading, size of the step unknown) until a real figure arrives.
 */
export async function uploadImage(file: File, onProgress: (progress: UploadProgress) => void) {
  onProgress(null);
  const stored = await storage.createFile(ids.bucket, ID.unique(), file, undefined, (p) =>
    onProgress(Math.min(99, Math.round((p.chunksUploaded / Math.max(1, p.chunksTotal)) * 100))),
  );
  onProgress(100);
  return stored.$id;
}

/** Best effort: a file uploaded for a product that was never saved is not left behind. */
export async function discardImages(fileIds: readonly string[]): Promise<void> {
  await Promise.allSettled(fileIds.map((id) => storage.deleteFile(ids.bucket, id)));
}
