import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../http/errors.js';
import type { BucketDef } from '../../schema/types.js';
import { toIso } from '../../tools/dates.js';
import type { StoredFile } from './contract.js';
import {
  checkImage,
  partsDir,
  publish,
  removeFile,
  serialised,
  tempFile,
  type NewFile,
  type StorageDeps,
} from './files.js';
import { blobKey } from './blob-store.js';
import type { Received } from './receive.js';
import { findFile, isComplete, tablesOf, toFileModel } from './records.js';
import { searchText } from './queries.js';
import { sniffType } from './sniff.js';

/** The SDK's chunk size (Service.CHUNK_SIZE); used when a last chunk arrives first. */
export const SDK_CHUNK = 5 * 1024 * 1024;

export interface ContentRange {
  start: number;
  end: number;
  total: number;
}

/** `bytes <start>-<end>/<total>`, start <= end < total; anything else is refused. */
export function parseContentRange(header: string): ContentRange {
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header.trim());
  const [start, end, total] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, -1, 0];
  if (!m || start > end || end >= total) throw new AppError('storage_invalid_content_range');
  return { start, end, total };
}

/** Which chunk this is and how many there are, from the range and what is already stored. */
function chunkPosition(range: ContentRange, knownTotal: number | null) {
  const length = range.end - range.start + 1;
  const last = range.end === range.total - 1;
  if (!last) {
    if (range.start % length !== 0) throw new AppError('storage_invalid_content_range');
    return { index: range.start / length, total: Math.ceil(range.total / length) };
  }
  const total = knownTotal ?? (range.start === 0 ? 1 : Math.ceil(range.total / SDK_CHUNK));
  return { index: total - 1, total };
}

/**
 * One chunk of a chunked upload (reference 8): the part is kept on disk, the record counts the
 * chunks; the last one assembles the file, checks it whole and stores it. Every chunk answers
 * with the File model, so the SDK (and a resume) knows how far it got.
 */
export async function storeChunk(
  deps: StorageDeps,
  bucket: BucketDef,
  file: NewFile,
  range: ContentRange,
  received: Received,
): Promise<StoredFile> {
  return serialised(`${bucket.$id}/${file.id}`, async () => {
    try {
      if (received.size !== range.end - range.start + 1) {
        throw new AppError(
          'storage_invalid_content_range',
          'The chunk does not match its content-range header.',
        );
      }
      let row = await findFile(deps.db, bucket.$id, file.id);
      if (row && isComplete(row)) throw new AppError('storage_file_already_exists');
      if (row && Number(row.size_original) !== range.total) {
        throw new AppError(
          'storage_invalid_content_range',
          'The content-range total differs from the upload in progress.',
        );
      }
      const { index, total } = chunkPosition(range, row ? Number(row.chunks_total) : null);
      const dir = partsDir(deps, bucket.$id, file.id);
      await mkdir(dir, { recursive: true });
      await rename(received.path, join(dir, String(index)));

      const now = toIso(deps.clock.now());
      const chunks = new Set<number>(row ? (JSON.parse(row.chunks_received) as number[]) : []);
      chunks.add(index);
      const k = tablesOf(deps.db);
      if (!row) {
        await k
          .insertInto('storage_files')
          .values({
            bucket_id: bucket.$id,
            id: file.id,
            created_at: now,
            updated_at: now,
            permissions: JSON.stringify(file.permissions),
            name: file.name,
            signature: '',
            mime_type: '',
            size_original: range.total,
            chunks_total: total,
            chunks_uploaded: chunks.size,
            chunks_received: JSON.stringify([...chunks]),
            search: searchText(file.id, file.name),
          })
          .execute();
      } else {
        await k
          .updateTable('storage_files')
          .set({
            chunks_uploaded: chunks.size,
            chunks_received: JSON.stringify([...chunks].sort((a, b) => a - b)),
            updated_at: now,
          })
          .where('seq', '=', row.seq)
          .execute();
      }
      row = (await findFile(deps.db, bucket.$id, file.id))!;
      if (chunks.size >= total) row = await assemble(deps, bucket, row.id, total, range.total);
      const model = toFileModel(row);
      publish(deps, bucket, model, 'create');
      return model;
    } finally {
      await rm(received.path, { force: true });
    }
  });
}

/** Joins the parts, checks the whole file (type, dimensions, size) and stores its bytes. */
async function assemble(
  deps: StorageDeps,
  bucket: BucketDef,
  fileId: string,
  chunks: number,
  size: number,
) {
  const dir = partsDir(deps, bucket.$id, fileId);
  const target = await tempFile(deps);
  const hash = createHash('md5');
  let head = Buffer.alloc(0);
  let bytes = 0;
  try {
    const out = createWriteStream(target);
    for (let i = 0; i < chunks; i++) {
      await pipeline(
        createReadStream(join(dir, String(i))),
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
    const type = sniffType(head);
    const allowed = bucket.allowedFileExtensions.map((e) => e.toLowerCase());
    if (bytes !== size || (allowed.length && !type.extensions.some((e) => allowed.includes(e)))) {
      throw new AppError('storage_file_type_unsupported', 'File extension not allowed');
    }
    await checkImage(deps, target, type);
    await deps.blobs.putFile(blobKey(bucket.$id, fileId), target);
    await tablesOf(deps.db)
      .updateTable('storage_files')
      .set({ signature: hash.digest('hex'), mime_type: type.mimeType })
      .where('bucket_id', '=', bucket.$id)
      .where('id', '=', fileId)
      .execute();
    deps.recentFiles.forget(bucket.$id, fileId);
    await rm(dir, { recursive: true, force: true });
    return (await findFile(deps.db, bucket.$id, fileId))!;
  } catch (e) {
    // A whole file that fails its checks is dropped with its parts: the upload starts over.
    const row = await findFile(deps.db, bucket.$id, fileId);
    if (row) await removeFile(deps, row);
    throw e;
  } finally {
    await rm(target, { force: true });
  }
}
