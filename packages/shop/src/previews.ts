/**
 * Storage previews the storefront shows above the fold, in one place so the web app's <img> and
 * the server's `<link rel="preload">` ask for byte-for-byte the same URLs (a preload is only
 * reused when its URL, srcset and sizes match the image's).
 */

export interface PreviewRecipe {
  /** The widths (px) offered in the srcset. */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the picture is on screen. */
  sizes: string;
  /** Width / height when the preview is cropped to a box; none keeps the file's own shape. */
  ratio?: number;
  /** The width of the plain `src` (browsers without srcset). */
  srcWidth: number;
}

/** The home banner's slides (1600x600 files, shown whole). */
export const BANNER_IMAGE: PreviewRecipe = Object.freeze({
  widths: [480, 768, 1024, 1440],
  sizes: '(min-width: 1280px) 960px, (min-width: 1024px) 75vw, 100vw',
  srcWidth: 1024,
});

/**
 * The product page's main picture: the whole shoe, never cropped (a buyer judges the pair by it),
 * letterboxed in its square box by the page.
 */
export const PRODUCT_MAIN_IMAGE: PreviewRecipe = Object.freeze({
  widths: [360, 600, 900, 1200],
  sizes: '(min-width: 1024px) 600px, (min-width: 640px) 45vw, 100vw',
  srcWidth: 600,
});

export const PREVIEW_QUALITY = 80;
export const PREVIEW_OUTPUT = 'webp';

/**
 * A preview's path under the API endpoint (after /v1), with its query in the order the Web SDK's
 * `storage.getFilePreview(bucket, file, width, height, height ? 'center' : undefined, 80, ...,
 * 'webp')` writes it.
 */
export function previewPath(
  ids: { project: string; bucket: string },
  fileId: string,
  width: number,
  height?: number,
): string {
  const q = new URLSearchParams();
  q.append('width', String(width));
  if (height !== undefined) {
    q.append('height', String(height));
    q.append('gravity', 'center');
  }
  q.append('quality', String(PREVIEW_QUALITY));
  q.append('output', PREVIEW_OUTPUT);
  q.append('project', ids.project);
  return `/storage/buckets/${ids.bucket}/files/${fileId}/preview?${q.toString()}`;
}

const heightOf = (recipe: PreviewRecipe, width: number) =>
  recipe.ratio ? Math.round(width / recipe.ratio) : undefined;

/** The `src` and `srcset` of a recipe for one file, each path made absolute by `prefix`. */
export function previewSources(
  ids: { project: string; bucket: string },
  fileId: string,
  recipe: PreviewRecipe,
  prefix = '',
): { src: string; srcSet: string } {
  const at = (w: number) => `${prefix}${previewPath(ids, fileId, w, heightOf(recipe, w))}`;
  return {
    src: at(recipe.srcWidth),
    srcSet: recipe.widths.map((w) => `${at(w)} ${w}w`).join(', '),
  };
}
