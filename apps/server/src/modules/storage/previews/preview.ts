import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { AppError } from '../../../protocol/errors.js';
import { blobKey } from '../blobs/blob-store.js';
import { tempFile, type StorageDeps } from '../files/files.js';
import { EXT_OF_TYPE, TYPE_OF, type Output, type PreviewParams } from './preview-params.js';
import { HEAVY_WORK, planPreview, type PreviewPlan } from './preview-plan.js';
import { renderPreview } from './preview-render.js';
import { busy } from './preview-runtime.js';
import { findFile, type FileRow } from '../files/records.js';
import { PREVIEWABLE_TYPES } from '../files/sniff.js';

export { previewParams, type PreviewParams } from './preview-params.js';

export interface Preview {
  /** The bytes, or a stream of a large preview from the disk cache. */
  bytes: Buffer | Readable;
  etag: string;
  contentType: string;
  cache: 'hit' | 'miss';
}

const unreadable = (e: unknown) =>
  new AppError(
    'storage_invalid_file',
    `The file could not be rendered as a preview: ${(e as Error).message}`,
  );

/** The source's dimensions from its header only; nothing is decoded. */
async function dimensions(source: string) {
  try {
    const { width = 0, height = 0 } = await sharp(source, { limitInputPixels: false }).metadata();
    if (width > 0 && height > 0) return { width, height };
  } catch (e) {
    throw unreadable(e);
  }
  throw unreadable(new Error('the image has no dimensions'));
}

/** Where a server keeps its copy of an object store's source, beside the file's previews. */
function sourceCopyOf(row: FileRow): string {
  const name = createHash('sha256')
    .update(JSON.stringify([row.id, row.signature]))
    .digest('hex');
  return `${blobKey(row.bucket_id, row.id)}/${name.slice(0, 40)}.src`;
}

/**
 * A source from an object store, as a temporary file of this request's (pushed on `temps`, for
 * the caller to remove): linked from the copy this server keeps beside its previews, or, with
 * `fetch`, streamed from the store (never whole in memory) and kept for the next preview.
 */
async function objectSource(
  deps: StorageDeps,
  row: FileRow,
  temps: string[],
  fetch: boolean,
): Promise<string | null> {
  const path = await tempFile(deps);
  temps.push(path);
  if (await deps.previews.cache.linkCopy(sourceCopyOf(row), path)) return path;
  if (!fetch) return null;
  const stream = await deps.blobs.read(blobKey(row.bucket_id, row.id));
  if (!stream) throw new AppError('storage_file_not_found');
  await pipeline(stream, createWriteStream(path));
  await deps.previews.cache.keepCopy(sourceCopyOf(row), path);
  return path;
}

/**
 * The preview for these parameters, from memory, the disk cache, or rendered once: concurrent
 * requests for the same uncached preview wait for the same render. The cache key covers the
 * file's id and content signature and every parameter, so a changed file never serves a stale
 * preview. A miss is priced first (planPreview) and counted against the client's address; the
 * render then waits for a free slot.
 */
export async function preview(
  deps: StorageDeps,
  row: FileRow,
  p: PreviewParams,
  ip: string,
): Promise<Preview> {
  const rt = deps.previews;
  const renderable = PREVIEWABLE_TYPES.has(row.mime_type);
  const out: Output = (p.output || EXT_OF_TYPE[row.mime_type] || 'jpg') as Output;
  const key = createHash('sha256')
    .update(JSON.stringify([row.id, row.signature, renderable, { ...p, output: out }]))
    .digest('hex')
    .slice(0, 40);
  const rel = `${blobKey(row.bucket_id, row.id)}/${key}.${out}`;
  const result = (bytes: Buffer | Readable, cache: 'hit' | 'miss'): Preview => ({
    bytes,
    etag: `"${key}"`,
    contentType: TYPE_OF[out],
    cache,
  });
  const cached = await rt.cache.get(rel);
  if (cached) return result(cached, 'hit');

  const bytes = await rt.flights(key, async () => {
    const temps: string[] = [];
    try {
      // A source on this disk (the local store's file, or the kept copy of an object's) has its
      // header read at once, so a refusal never waits for a slot; an object's bytes are fetched
      // inside the slot, which bounds how many downloads run at once.
      const blobPath = deps.blobs.localPath?.(blobKey(row.bucket_id, row.id));
      const local = !renderable
        ? null
        : (blobPath ?? (await objectSource(deps, row, temps, false)));
      const prepare = async (source: string | null) => {
        const plan = planPreview(
          p,
          source ? await dimensions(source) : null,
          out,
          rt.maxSourcePixels,
        );
        await rt.countMiss(ip, plan.work >= HEAVY_WORK);
        return { source, plan };
      };
      const early = !renderable || local ? await prepare(local) : null;
      return await rt.slots.run(async () => {
        const { source, plan } =
          early ?? (await prepare(await objectSource(deps, row, temps, true)));
        const rendered = await render(deps, row, source, plan, p, out);
        await rt.cache.put(rel, rendered);
        // A delete that ran during the render removed the folder before this write: no orphan.
        const now = await findFile(deps.db, row.bucket_id, row.id);
        if (!now || now.signature !== row.signature) {
          await rt.cache.remove(rel);
          if (!blobPath) await rt.cache.remove(sourceCopyOf(row));
        }
        return rendered;
      });
    } finally {
      for (const temp of temps) await rm(temp, { force: true });
    }
  });
  return result(bytes, 'miss');
}

async function render(
  deps: StorageDeps,
  row: FileRow,
  source: string | null,
  plan: PreviewPlan,
  p: PreviewParams,
  out: Output,
): Promise<Buffer> {
  const rt = deps.previews;
  rt.renders++;
  try {
    return await renderPreview(source, plan, p, out, {
      maxSourcePixels: rt.maxSourcePixels,
      timeoutSeconds: rt.timeoutSeconds,
    });
  } catch (e) {
    if (/timeout/i.test((e as Error).message)) {
      throw busy('The preview took too long to render; try again in a moment.');
    }
    // Deleted while waiting for its turn: the source is gone, and so is the file.
    if (!(await findFile(deps.db, row.bucket_id, row.id)))
      throw new AppError('storage_file_not_found');
    throw unreadable(e);
  }
}
