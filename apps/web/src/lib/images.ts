import { ids } from '../config/env';
import { storage } from './appwrite';

/** A file's preview URL at a width (and optional height), as webp (spec section 7, issue 7). */
export function previewUrl(fileId: string, width: number, height?: number): string {
  return storage
    .getFilePreview(
      ids.bucket,
      fileId,
      width,
      height,
      height ? 'center' : undefined,
      80,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'webp',
    )
    .toString();
}

/** A srcset of the preview at each width, keeping the aspect ratio when one is given. */
export function previewSrcSet(fileId: string, widths: readonly number[], ratio?: number): string {
  return widths
    .map((w) => `${previewUrl(fileId, w, ratio ? Math.round(w / ratio) : undefined)} ${w}w`)
    .join(', ');
}
