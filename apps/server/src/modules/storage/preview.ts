import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../http/errors.js';
import { float, integer, oneOf, optional, readParams, Invalid } from '../../http/params.js';
import { blobKey } from './blob-store.js';
import { previewDir, tempFile, type StorageDeps } from './files.js';
import { singleFlight } from './keyed.js';
import type { FileRow } from './records.js';
import { PREVIEWABLE_TYPES } from './sniff.js';

const GRAVITY = {
  center: 'centre',
  'top-left': 'northwest',
  top: 'north',
  'top-right': 'northeast',
  left: 'west',
  right: 'east',
  'bottom-left': 'southwest',
  bottom: 'south',
  'bottom-right': 'southeast',
} as const;
type Gravity = keyof typeof GRAVITY;
const OUTPUTS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'] as const;
type Output = (typeof OUTPUTS)[number];

const hex = () => ({
  optional: false,
  parse(value: unknown) {
    if (value === '') return '';
    if (typeof value !== 'string' || !/^([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/.test(value)) {
      throw new Invalid('Value must be a valid hex color code');
    }
    return value.toLowerCase();
  },
});

/** Preview parameters of reference 3.2 (query strings coerced), with their defaults. */
export function previewParams(query: unknown) {
  const p = readParams(query, {
    width: optional(integer(0, 4000), 0),
    height: optional(integer(0, 4000), 0),
    gravity: optional(oneOf(Object.keys(GRAVITY) as Gravity[]), 'center' as Gravity),
    quality: optional(integer(0, 100), 100),
    borderWidth: optional(integer(0, 100), 0),
    borderColor: optional(hex(), ''),
    borderRadius: optional(integer(0, 4000), 0),
    opacity: optional(float(0, 1), 1),
    rotation: optional(integer(-360, 360), 0),
    background: optional(hex(), ''),
    output: optional(oneOf(['', ...OUTPUTS] as const), ''),
  });
  return { ...p, rotation: (p.rotation + 360) % 360 };
}
export type PreviewParams = ReturnType<typeof previewParams>;

const EXT_OF_TYPE: Record<string, Output> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
const TYPE_OF: Record<Output, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

export interface Preview {
  /** The bytes, or a stream of a large preview from the disk cache. */
  bytes: Buffer | Readable;
  etag: string;
  contentType: string;
  cache: 'hit' | 'miss';
}
const color = (h: string) => `#${h}`;

async function pass(image: Sharp): Promise<Sharp> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** Renders one preview: resize/crop, corners, opacity, border, rotation, background, format. */
async function render(
  deps: StorageDeps,
  source: string | Buffer | null,
  p: PreviewParams,
  out: Output,
) {
  let image: Sharp;
  if (source) {
    image = sharp(source, { limitInputPixels: deps.maxImagePixels, failOn: 'none' });
  } else {
    // A type that cannot be rendered: a plain tile on the reference's icon background.
    const w = p.width || p.height || 150;
    const h = p.height || p.width || 150;
    image = sharp({ create: { width: w, height: h, channels: 3, background: '#eceff1' } });
  }
  if (p.width || p.height) {
    image = image.resize(p.width || null, p.height || null, {
      fit: p.width && p.height ? 'cover' : 'inside',
      position: GRAVITY[p.gravity],
    });
  }
  image = await pass(image.ensureAlpha());
  const { width = 0, height = 0 } = await image.metadata();
  if (p.borderRadius > 0) {
    const r = Math.min(p.borderRadius, Math.floor(Math.min(width, height) / 2));
    const mask = Buffer.from(
      `<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${r}" ry="${r}"/></svg>`,
    );
    image = await pass(image.composite([{ input: mask, blend: 'dest-in' }]));
  }
  if (p.opacity < 1) image = await pass(image.linear([1, 1, 1, p.opacity], [0, 0, 0, 0]));
  if (p.borderWidth > 0) {
    const b = p.borderWidth;
    const border = p.borderColor ? color(p.borderColor) : '#000000';
    image = await pass(image.extend({ top: b, bottom: b, left: b, right: b, background: border }));
  }
  if (p.rotation) {
    const bg = p.background ? color(p.background) : { r: 0, g: 0, b: 0, alpha: 0 };
    image = await pass(image.rotate(p.rotation, { background: bg }));
  }
  if (p.background) image = image.flatten({ background: color(p.background) });
  const quality = Math.max(1, p.quality);
  if (out === 'jpg' || out === 'jpeg') image = image.jpeg({ quality, mozjpeg: true });
  else if (out === 'png') image = image.png();
  else if (out === 'gif') image = image.gif();
  else if (out === 'webp') image = image.webp({ quality });
  else image = image.avif({ quality: Math.min(quality, 90) });
  return image.toBuffer();
}

const renders = singleFlight<Buffer>();

/**
 * The preview for these parameters, from memory, the disk cache, or rendered once: concurrent
 * requests for the same uncached preview wait for the same render. The cache key covers the
 * file's id and content signature and every parameter, so a changed file never serves a stale
 * preview.
 */
export async function preview(deps: StorageDeps, row: FileRow, p: PreviewParams): Promise<Preview> {
  const renderable = PREVIEWABLE_TYPES.has(row.mime_type);
  const out: Output = (p.output || EXT_OF_TYPE[row.mime_type] || 'jpg') as Output;
  const key = createHash('sha256')
    .update(JSON.stringify([row.id, row.signature, renderable, { ...p, output: out }]))
    .digest('hex')
    .slice(0, 40);
  const memoryKey = `${row.bucket_id}/${row.id}/${key}`;
  const result = (bytes: Buffer | Readable, cache: 'hit' | 'miss'): Preview => ({
    bytes,
    etag: `"${key}"`,
    contentType: TYPE_OF[out],
    cache,
  });
  const remembered = deps.previewMemory.get(memoryKey);
  if (remembered) return result(remembered, 'hit');

  const dir = previewDir(deps, row.bucket_id, row.id);
  const path = join(dir, `${key}.${out}`);
  const onDisk = await readIfExists(path);
  if (onDisk) {
    if (Buffer.isBuffer(onDisk)) deps.previewMemory.set(memoryKey, onDisk);
    return result(onDisk, 'hit');
  }
  const bytes = await renders(key, async () => {
    const source = renderable ? await sourceOf(deps, row) : null;
    let rendered: Buffer;
    try {
      rendered = await render(deps, source, p, out);
    } catch (e) {
      throw new AppError(
        'storage_invalid_file',
        `The file could not be rendered as a preview: ${(e as Error).message}`,
        400,
      );
    }
    await mkdir(dir, { recursive: true });
    const tmp = await tempFile(deps);
    await writeFile(tmp, rendered);
    await rename(tmp, path);
    deps.previewMemory.set(memoryKey, rendered);
    return rendered;
  });
  return result(bytes, 'miss');
}

/** A local path when the store has one, else the bytes (an object store). */
async function sourceOf(deps: StorageDeps, row: FileRow): Promise<string | Buffer> {
  const key = blobKey(row.bucket_id, row.id);
  const local = deps.blobs.localPath?.(key);
  if (local) return local;
  const stream = await deps.blobs.read(key);
  if (!stream) throw new AppError('storage_file_not_found');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Small cached previews are read whole (and remembered); large ones are streamed. */
async function readIfExists(path: string): Promise<Buffer | Readable | null> {
  try {
    const { size } = await stat(path);
    return size <= 512 * 1024 ? await readFile(path) : createReadStream(path);
  } catch {
    return null;
  }
}
