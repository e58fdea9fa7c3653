import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../protocol/errors.js';
import type { BucketDef } from '../../../schema/types.js';
import { toIso } from '../../../tools/dates.js';
import type { StoredFile } from '../contract.js';
import {
  checkImage,
  newFileRow,
  publish,
  receiving,
  removeFile,
  tempFile,
  type NewFile,
  type StorageDeps,
} from '../files/files.js';
import { blobKey } from '../blobs/blob-store.js';
import type { Received } from './receive.js';
import { findFile, isComplete, tablesOf, toFileModel, type FileRow } from '../files/records.js';
import { sniffType } from '../files/sniff.js';

/** The SDK's chunk size (Service.CHUNK_SIZE); assumed when a last chunk arrives first. */
export const SDK_CHUNK = 5 * 1024 * 1024;

export interface ContentRange {
  start: number;
  end: number;
  total: number;
}

const badRange = (why: string) =>
  new AppError('storage_invalid_content_range', `Invalid content-range header: ${why}`);

/**
 * `<unit> <start>-<end>/<total>` with start <= end <= total (docs/protocol.md §8.2: the unit is not
 * checked, and 1.4 takes end == total, as well as total - 1, for the last byte).
 */
export function parseContentRange(header: string): ContentRange {
  const m = /^[A-Za-z]+ (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header.trim());
  const [start, end, total] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, -1, 0];
  if (!m || start > end || end > total || start >= total) {
    throw new AppError('storage_invalid_content_range');
  }
  return { start, end, total };
}

/** How many bytes the chunk of this range holds. */
export const chunkLength = (r: ContentRange) => Math.min(r.end, r.total - 1) - r.start + 1;

/**
 * Where this chunk goes. The upload's chunk length is fixed by its first chunk (a last chunk
 * arriving first is taken as the SDK's 5 MB); every other chunk must start on a multiple of it
 * and be exactly that long, the last one must be the last of that grid, and all must agree on
 * the total. Anything else would leave holes or overlaps in the assembled file.
 */
function placeChunk(range: ContentRange, row: FileRow | null) {
  const length = chunkLength(range);
  const last = range.end >= range.total - 1;
  let size: number;
  if (row) {
    if (Number(row.size_original) !== range.total) {
      throw badRange('the total differs from the upload in progress.');
    }
    // Uploads begun before chunk_size was kept: one chunk, or the SDK's chunks.
    size = Number(row.chunk_size) || (Number(row.chunks_total) === 1 ? range.total : SDK_CHUNK);
  } else {
    size = !last ? length : range.start === 0 ? range.total : SDK_CHUNK;
  }
  const chunks = Math.ceil(range.total / size);
  const index = range.start / size;
  if (!Number.isInteger(index)) {
    throw badRange(`a chunk must start at a multiple of the upload's chunk size (${size} bytes).`);
  }
  if (last ? index !== chunks - 1 : length !== size || index >= chunks - 1) {
    throw badRange(`every chunk but the last must be ${size} bytes long, on the same grid.`);
  }
  return { index, chunks, size };
}

/**
 * One chunk of a chunked upload (docs/protocol.md §8): the part is kept on disk, the record counts
 * the chunks; the one that completes the set assembles the file, checks it whole and stores it, and
 * only then is the file complete (with the completing request's permissions, as 1.4 does). Every
 * chunk answers with the File model, so the SDK (and a resume) knows how far it got.
 */
export function storeChunk(
  deps: StorageDeps,
  bucket: BucketDef,
  file: NewFile,
  range: ContentRange,
  received: Received,
): Promise<StoredFile> {
  return receiving(deps, bucket, file, received, async () => {
    if (received.size !== chunkLength(range)) {
      throw badRange('the chunk does not match its content-range header.');
    }
    let row = await findFile(deps.db, bucket.$id, file.id);
    if (row && isComplete(row)) throw new AppError('storage_file_already_exists');
    const { index, chunks, size } = placeChunk(range, row);
    await deps.parts.put(bucket.$id, file.id, index, received.path);

    const now = toIso(deps.clock.now());
    const have = new Set<number>(row ? (JSON.parse(row.chunks_received) as number[]) : []);
    have.add(index);
    const partList = JSON.stringify([...have].sort((a, b) => a - b));
    // The completing chunk is counted once the file is assembled.
    const uploaded = Math.min(have.size, chunks - 1);
    const k = tablesOf(deps.db);
    if (!row) {
      await k
        .insertInto('storage_files')
        .values({
          ...newFileRow(bucket, file, now),
          signature: '',
          mime_type: '',
          size_original: range.total,
          chunks_total: chunks,
          chunks_uploaded: uploaded,
          chunk_size: size,
          chunks_received: partList,
        })
        .execute();
    } else {
      await k
        .updateTable('storage_files')
        .set({ chunks_uploaded: uploaded, chunks_received: partList, updated_at: now })
        .where('seq', '=', row.seq)
        .execute();
    }
    row = (await findFile(deps.db, bucket.$id, file.id))!;
    deps.recentFiles.forget(bucket.$id, file.id);
    if (have.size >= chunks) row = await assemble(deps, bucket, row, file.permissions);
    const model = toFileModel(row);
    publish(deps, bucket, model, 'create');
    return model;
  });
}

/** Writes the upload's parts one after another into `target`: their first bytes, MD5 and size. */
async function joinParts(
  deps: StorageDeps,
  bucketId: string,
  fileId: string,
  chunks: number,
  target: string,
) {
  const hash = createHash('md5');
  let head = Buffer.alloc(0);
  let bytes = 0;
  const out = createWriteStream(target);
  try {
    for (let i = 0; i < chunks; i++) {
      await pipeline(
        await deps.parts.read(bucketId, fileId, i),
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64)]);
            hash.update(chunk);
            bytes += chunk.length;
            yield chunk;
          }
        },
        out,
        { end: i === chunks - 1 },
      );
    }
  } catch (e) {
    out.destroy();
    throw e;
  }
  return { head, md5: hash.digest('hex'), bytes };
}

/** Joins the parts, checks the whole file (type, dimensions, size) and stores its bytes. */
async function assemble(
  deps: StorageDeps,
  bucket: BucketDef,
  row: FileRow,
  permissions: string[],
): Promise<FileRow> {
  const fileId = row.id;
  const chunks = Number(row.chunks_total);
  const size = Number(row.size_original);
  const target = await tempFile(deps);
  try {
    const { head, md5, bytes } = await joinParts(deps, bucket.$id, fileId, chunks, target);
    const type = sniffType(head);
    const allowed = bucket.allowedFileExtensions.map((e) => e.toLowerCase());
    if (bytes !== size || (allowed.length && !type.extensions.some((e) => allowed.includes(e)))) {
      throw new AppError('storage_file_type_unsupported', 'File extension not allowed');
    }
    await checkImage(deps, target, type);
    await deps.blobs.putFile(blobKey(bucket.$id, fileId), target);
    await tablesOf(deps.db)
      .updateTable('storage_files')
      .set({
        signature: md5,
        mime_type: type.mimeType,
        chunks_uploaded: chunks,
        permissions: JSON.stringify(permissions),
        updated_at: toIso(deps.clock.now()),
      })
      .where('bucket_id', '=', bucket.$id)
      .where('id', '=', fileId)
      .execute();
    deps.recentFiles.forget(bucket.$id, fileId);
    const parts = Array.from({ length: chunks }, (_, i) => i);
    await deps.parts.remove(bucket.$id, fileId, parts);
    return (await findFile(deps.db, bucket.$id, fileId))!;
  } catch (e) {
    // A whole file that fails its checks is dropped with its parts: the upload starts over.
    const current = await findFile(deps.db, bucket.$id, fileId);
    if (current) await removeFile(deps, current);
    throw e;
  } finally {
    await rm(target, { force: true });
  }
}
