import { previewPath } from '@courtside/shop';
import { configuredEndpoint, ids } from '../config/env';
import { siteUrl } from './site';

/**
 * A file's preview URL at a width (and optional height, cropped at the centre), as webp (spec
 * section 7, issue 7): the very URL the Web SDK's `storage.getFilePreview` writes, built without
 * it (a product grid asks for dozens on first render) and shared with the server's preloads.
 */
export function previewUrl(fileId: string, width: number, height?: number): string {
  // The page's own origin unless configured apart: on the server, the request's (the same
  // string the browser computes, as hydration keeps the server's attributes).
  return `${configuredEndpoint ?? siteUrl('/v1')}${previewPath(ids, fileId, width, height)}`;
}

/** A srcset of the preview at each width, keeping the aspect ratio when one is given. */
export function previewSrcSet(fileId: string, widths: readonly number[], ratio?: number): string {
  return widths
    .map((w) => `${previewUrl(fileId, w, ratio ? Math.round(w / ratio) : undefined)} ${w}w`)
    .join(', ');
}
