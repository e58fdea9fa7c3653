import { AppError, invalidArgument } from '../../../protocol/errors.js';
import { MAX_PREVIEW_SIDE, type Output, type PreviewParams } from './preview-params.js';

/**
 * What one preview will cost, decided from the parameters and the source's header before any
 * pixel is decoded. Memory and time grow with the pixels the encoder holds at once, and some
 * encoders cost far more per pixel than others (measured with sharp 0.34: a 4000x4000 WebP
 * takes about 1 s and 100 MB, an AVIF 5-14 s and 400-500 MB, a GIF 11 s), so a preview is
 * priced in "work": output megapixels x the format's factor x 2 when rotated.
 */
export const FORMAT_COST: Record<Output, number> = {
  jpg: 1,
  jpeg: 1,
  png: 1,
  webp: 2,
  gif: 4,
  avif: 6,
};

/** 36 work: a 4000x4000 jpg, png or webp (with border) passes; the same as AVIF does not. */
export const MAX_PREVIEW_WORK = 36;

/** Previews are made only from images of at most this many pixels (40 megapixels). */
export const DEFAULT_PREVIEW_MAX_PIXELS = 40_000_000;

/** A miss whose work reaches this counts against the tighter per-IP limit for heavy renders. */
export const HEAVY_WORK = 8;

export interface PreviewPlan {
  /** The picture itself, before the border: exactly what resize/crop produces. */
  width: number;
  height: number;
  /** Fit both sides and crop around the gravity (both sides asked), or keep the aspect. */
  crop: boolean;
  border: number;
  /** Size of the final image (rotated bounding box included). */
  outWidth: number;
  outHeight: number;
  work: number;
}

const clampSide = (n: number) => Math.max(1, Math.round(n));

/**
 * Both sides given: exactly width x height (the reference crops to exactly that, enlarging a
 * smaller source as 1.4 does). One side: the source's aspect, never larger than the source.
 * Neither: the source, fitted inside 4000x4000. A type that cannot be rendered gets a plain tile.
 */
function pictureSize(p: PreviewParams, source: { width: number; height: number } | null) {
  if (!source) {
    return { width: p.width || p.height || 150, height: p.height || p.width || 150, crop: false };
  }
  const { width: sw, height: sh } = source;
  if (p.width && p.height) return { width: p.width, height: p.height, crop: true };
  if (p.width) {
    if (p.width >= sw) return { width: sw, height: sh, crop: false };
    return { width: p.width, height: clampSide((sh * p.width) / sw), crop: false };
  }
  if (p.height) {
    if (p.height >= sh) return { width: sw, height: sh, crop: false };
    return { width: clampSide((sw * p.height) / sh), height: p.height, crop: false };
  }
  const s = Math.min(1, MAX_PREVIEW_SIDE / sw, MAX_PREVIEW_SIDE / sh);
  return { width: clampSide(sw * s), height: clampSide(sh * s), crop: false };
}

/** The bounding box of a w x h picture turned by `degrees`. */
export function rotatedBox(w: number, h: number, degrees: number) {
  if (degrees % 180 === 0) return { width: w, height: h };
  if (degrees % 90 === 0) return { width: h, height: w };
  const r = (degrees * Math.PI) / 180;
  const c = Math.abs(Math.cos(r));
  const s = Math.abs(Math.sin(r));
  return { width: Math.ceil(w * c + h * s), height: Math.ceil(w * s + h * c) };
}

export function planPreview(
  p: PreviewParams,
  source: { width: number; height: number } | null,
  out: Output,
  maxSourcePixels: number,
): PreviewPlan {
  if (source && source.width * source.height > maxSourcePixels) {
    throw new AppError(
      'storage_invalid_file',
      `The image is too large to preview: ${source.width}x${source.height} pixels; previews are made from images of at most ${maxSourcePixels} pixels.`,
    );
  }
  const picture = pictureSize(p, source);
  const border = p.borderWidth;
  const box = rotatedBox(picture.width + 2 * border, picture.height + 2 * border, p.rotation);
  const megapixels = (box.width * box.height) / 1e6;
  const work = megapixels * FORMAT_COST[out] * (p.rotation ? 2 : 1);
  if (work > MAX_PREVIEW_WORK) {
    const most = MAX_PREVIEW_WORK / FORMAT_COST[out] / (p.rotation ? 2 : 1);
    throw invalidArgument(
      `The preview is too large to render: ${box.width}x${box.height} pixels as ${out}${p.rotation ? ', rotated' : ''}; ` +
        `at most ${most.toFixed(1)} megapixels are rendered this way. Ask for a smaller width or height.`,
    );
  }
  return { ...picture, border, outWidth: box.width, outHeight: box.height, work };
}
