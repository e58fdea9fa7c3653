import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { GRAVITY, type Output, type PreviewParams } from './preview-params.js';
import type { PreviewPlan } from './preview-plan.js';

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * The alpha a picture keeps: the border opaque, the picture at `opacity`, all inside the
 * rounded outline. Drawn as an SVG the size of the bordered picture and applied with dest-in.
 */
function maskSvg(plan: PreviewPlan, radius: number, opacity: number): Buffer {
  const { width: w, height: h, border: b } = plan;
  const W = w + 2 * b;
  const H = h + 2 * b;
  const r = Math.min(radius, Math.floor(Math.min(W, H) / 2));
  const clip =
    r > 0
      ? `<clipPath id="c"><rect width="${W}" height="${H}" rx="${r}" ry="${r}"/></clipPath>`
      : '';
  const frame =
    b > 0
      ? `<path fill-rule="evenodd" d="M0 0H${W}V${H}H0Z M${b} ${b}V${b + h}H${b + w}V${b}Z"/>`
      : '';
  const picture = `<rect x="${b}" y="${b}" width="${w}" height="${h}" fill-opacity="${opacity}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${clip}` +
      `<g${r > 0 ? ' clip-path="url(#c)"' : ''}>${frame}${picture}</g></svg>`,
  );
}

function encode(image: Sharp, out: Output, quality: number): Sharp {
  const q = Math.max(1, quality);
  if (out === 'jpg' || out === 'jpeg') return image.jpeg({ quality: q, mozjpeg: true });
  if (out === 'png') return image.png();
  if (out === 'gif') return image.gif();
  if (out === 'webp') return image.webp({ quality: q });
  return image.avif({ quality: Math.min(q, 90) });
}

export interface RenderLimits {
  /** Decoding stops (and fails) beyond this many source pixels. */
  maxSourcePixels: number;
  /** libvips gives up on a pipeline running longer than this. */
  timeoutSeconds: number;
}

/**
 * Renders one preview in reference order (crop, opacity, border, radius, rotation) with the
 * background filling whatever is left transparent. One sharp pipeline streams from the source
 * (shrink-on-load for JPEG and WebP) to the encoder; only a rotation after a border, radius or
 * opacity, or by a right angle, needs a second pass over the finished picture, whose size the
 * plan has already bounded.
 */
export async function renderPreview(
  source: string | Buffer | null,
  plan: PreviewPlan,
  p: PreviewParams,
  out: Output,
  limits: RenderLimits,
): Promise<Buffer> {
  const timeout = { seconds: limits.timeoutSeconds };
  let image = source
    ? sharp(source, { limitInputPixels: limits.maxSourcePixels, failOn: 'none' })
    : // A type that cannot be rendered: a plain tile on the reference's icon background.
      sharp({
        create: { width: plan.width, height: plan.height, channels: 3, background: '#eceff1' },
      });
  image = image.timeout(timeout).resize(plan.width, plan.height, {
    fit: plan.crop ? 'cover' : 'fill',
    position: GRAVITY[p.gravity],
  });

  const background = p.background ? `#${p.background}` : null;
  const shaped = p.borderRadius > 0 || p.opacity < 1;
  const secondPass = p.rotation !== 0 && (shaped || plan.border > 0 || p.rotation % 90 === 0);
  if (plan.border > 0) {
    const b = plan.border;
    const color = p.borderColor ? `#${p.borderColor}` : '#000000';
    image = image.extend({ top: b, bottom: b, left: b, right: b, background: color });
  }
  const layers: OverlayOptions[] = [];
  if (shaped) layers.push({ input: maskSvg(plan, p.borderRadius, p.opacity), blend: 'dest-in' });

  if (!p.rotation) {
    if (background) {
      const [width, height] = [plan.outWidth, plan.outHeight];
      layers.push({
        input: { create: { width, height, channels: 4, background } },
        blend: 'dest-over',
      });
    }
    if (layers.length) image = image.composite(layers);
    return encode(image, out, p.quality).toBuffer();
  }

  if (secondPass) {
    if (layers.length) image = image.composite(layers);
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    image = sharp(data, { raw }).timeout(timeout);
  }
  // flatten runs before the rotation in sharp's pipeline: it fills what the mask cleared, and
  // the rotation fills its new corners with the same colour.
  image = background ? image.flatten({ background }) : image.ensureAlpha();
  image = image.rotate(p.rotation, { background: background ?? TRANSPARENT });
  return encode(image, out, p.quality).toBuffer();
}

/**
 * libvips settings for a server that renders previews in `slots` parallel renders: no operation
 * cache (rendered previews are cached on disk; the cache would hold memory and file handles of
 * deleted files) and the cores shared among the renders. Process-wide, as libvips is.
 */
export function configureSharp(slots: number, cores: number): void {
  sharp.cache(false);
  sharp.concurrency(Math.max(1, Math.floor(cores / slots)));
}
