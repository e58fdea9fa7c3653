import { previewPath } from '@courtside/shop';
import { configuredEndpoint, ids } from '../config/env';
import { logoPreviewPath } from '../config/logo';

// On the page's own origin unless configured apart: the same address on the server and in the
// browser, and the one the server's preload of the page's main picture names.
const base = configuredEndpoint ?? '/v1';

/**
 * A file's preview URL at a width (and optional height, cropped at the centre), as webp
 * (docs/shop.md §7, docs/architecture.md#speed): the very URL the Web SDK's
 * `storage.getFilePreview` writes, built without it (a product grid asks for dozens on first
 * render) and shared with the server's preloads.
 */
export function previewUrl(fileId: string, width: number, height?: number): string {
  return `${base}${previewPath(ids, fileId, width, height)}`;
}

/** The owner's round logo, `size` CSS px wide (config/logo.ts); `file`: the content's logo. */
export const logoUrl = (size: number, file?: string) =>
  `${base}${logoPreviewPath(ids, size, file)}`;

/** A srcset of the preview at each width, keeping the aspect ratio when one is given. */
export function previewSrcSet(fileId: string, widths: readonly number[], ratio?: number): string {
  return widths
    .map((w) => `${previewUrl(fileId, w, ratio ? Math.round(w / ratio) : undefined)} ${w}w`)
    .join(', ');
}

/**
 * The widest preview of a photo the zoom view asks for: as sharp as the file allows (a preview is
 * never made larger than its source), yet light enough for a phone, and under the server's heavy
 * previews (1600 x 1600 webp is about 5 of its 8 units of work).
 */
export const FULL_SIZE_WIDTH = 1600;

/** A photo at full size for the zoom view, uncropped (the same preview endpoint and recipe). */
export function fullSizeUrl(fileId: string): string {
  return previewUrl(fileId, FULL_SIZE_WIDTH);
}
