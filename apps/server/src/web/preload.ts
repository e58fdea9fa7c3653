import {
  BANNER_IMAGE,
  DEFAULT_IDS,
  PRODUCT_MAIN_IMAGE,
  previewSources,
  type PreviewRecipe,
} from '@courtside/shop';
import { escapeHtml } from '../tools/html.js';

/** An attribute value between double quotes. */
const attr = escapeHtml;

export interface PreloadIds {
  project?: string;
  bucket?: string;
}

/**
 * The page's largest picture, asked for by the HTML itself so it downloads while the app's
 * JavaScript does (LCP, docs/architecture.md#speed). Same origin as the page (the app's API
 * endpoint is `<origin>/v1`), and the very src/srcset/sizes the app's <img> uses, so the browser
 * reuses it.
 */
export function imagePreload(ids: PreloadIds, fileId: string, recipe: PreviewRecipe): string {
  const { src, srcSet } = previewSources(
    { project: ids.project ?? DEFAULT_IDS.project, bucket: ids.bucket ?? DEFAULT_IDS.bucket },
    fileId,
    recipe,
    '/v1',
  );
  return `<link rel="preload" as="image" href="${attr(src)}" imagesrcset="${attr(srcSet)}" imagesizes="${attr(recipe.sizes)}" fetchpriority="high" />`;
}

/** Home: the banner's first slide shown (`file`: its picture, from the owner's content). */
export const homePreload = (ids: PreloadIds, file: string) => imagePreload(ids, file, BANNER_IMAGE);

/** A product page: its main picture, when it has one. */
export const productPreload = (ids: PreloadIds, image: string | undefined) =>
  image ? imagePreload(ids, image, PRODUCT_MAIN_IMAGE) : '';
