import { ID } from 'appwrite';
import { ids } from '../../../config/env';
import { storage } from '../../../lib/appwrite';

/** The file types the photo fields offer to choose (the rule itself: picture-files.ts). */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

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
