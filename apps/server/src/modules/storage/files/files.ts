import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../protocol/errors.js';
import type { BucketDef, Schema } from '../../../schema/types.js';
import type { Clock } from '../../../tools/clock.js';
import { toIso } from '../../../tools/dates.js';
import { eventNames, type EventBus } from '../../../tools/events.js';
import { uniqueId } from '../../../tools/ids.js';
import { audienceOf } from './access.js';
import { blobKey, safeJoin, type BlobStore } from '../blobs/blob-store.js';
import type { StoredFile } from '../contract.js';
import type { KeyedQueue } from '../../../tools/keyed.js';
import type { PreviewRuntime } from '../previews/preview-runtime.js';
import type { Received } from '../uploads/receive.js';
import type { UploadParts } from '../uploads/upload-parts.js';
import type { RecentFiles } from './recent-files.js';
import { findFile, isComplete, tablesOf, toFileModel, type FileRow } from './records.js';
import { searchText } from './file-query.js';
import { PREVIEWABLE_TYPES, type SniffedType } from './sniff.js';

export interface StorageDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
  schema: Schema;
  blobs: BlobStore;
  /** DATA_DIR/storage: temp files, upload parts and the preview cache live under it. */
  root: string;
  /** Images declaring more pixels than this are refused at upload, before any decode. */
  maxImagePixels: number;
  previews: PreviewRuntime;
  /** Complete records read moments ago (readers' fast path); every write forgets its file. */
  recentFiles: RecentFiles;
  /** Writes to one file id (whole uploads, chunks) run one after another in this process. */
  uploads: KeyedQueue;
  /** Where chunks wait for the rest of their upload: this disk, or the object store. */
  parts: UploadParts;
}

export const tempFile = async (deps: Pick<StorageDeps, 'root'>) => {
  const dir = join(deps.root, 'tmp');
  await mkdir(dir, { recursive: true });
  return join(dir, `${uniqueId()}-${process.pid}`);
};

export const previewDir = (deps: StorageDeps, bucketId: string, fileId: string) =>
  safeJoin(join(deps.root, 'previews'), blobKey(bucketId, fileId));

/** The bucket's allow-list against the content's possible extensions (lower-cased). */
export function typeCheck(bucket: BucketDef) {
  const allowed = bucket.allowedFileExtensions.map((e) => e.toLowerCase());
  return (type: SniffedType) => {
    if (allowed.length && !type.extensions.some((e) => allowed.includes(e))) {
      throw new AppError('storage_file_type_unsupported', 'File extension not allowed');
    }
  };
}

/** Reads only the image header: enormous declared dimensions are refused before any decode. */
export async function checkImage(deps: StorageDeps, path: string, type: SniffedType) {
  if (!PREVIEWABLE_TYPES.has(type.mimeType)) return;
  let pixels: number;
  try {
    const meta = await sharp(path, { limitInputPixels: false }).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw new AppError('storage_invalid_file', 'The image could not be read.');
  }
  if (pixels > deps.maxImagePixels) {
    throw new AppError(
      'storage_invalid_file',
      `Image dimensions too large: at most ${deps.maxImagePixels} pixels are allowed.`,
    );
  }
}

export function publish(
  deps: StorageDeps,
  bucket: BucketDef,
  file: StoredFile,
  action: 'create' | 'update' | 'delete',
) {
  deps.events.publish({
    events: eventNames(`buckets.[bucketId].files.[fileId].${action}`, {
      bucketId: bucket.$id,
      fileId: file.$id,
    }),
    channels: ['files', `buckets.${bucket.$id}.files`, `buckets.${bucket.$id}.files.${file.$id}`],
    payload: file,
    audience: audienceOf(bucket, file.$permissions),
  });
}

export interface NewFile {
  id: string;
  name: string;
  permissions: string[];
}

/** Refuses an id that is taken by a complete file; clears an abandoned partial upload. */
async function claimId(deps: StorageDeps, bucket: BucketDef, id: string): Promise<void> {
  const existing = await findFile(deps.db, bucket.$id, id);
  if (!existing) return;
  if (isComplete(existing)) throw new AppError('storage_file_already_exists');
  await removeFile(deps, existing);
}

/**
 * Runs `store` for an upload of `file` (a whole one or a chunk), one at a time per file id, and
 * removes the temp file it was received into however it ends.
 */
export function receiving(
  deps: StorageDeps,
  bucket: BucketDef,
  file: NewFile,
  received: Received,
  store: () => Promise<StoredFile>,
): Promise<StoredFile> {
  return deps.uploads(`${bucket.$id}/${file.id}`, () =>
    store().finally(() => rm(received.path, { force: true })),
  );
}

/** The columns every new upload's record starts with: its ids, times, permissions and name. */
export function newFileRow(bucket: BucketDef, file: NewFile, now: string) {
  return {
    bucket_id: bucket.$id,
    id: file.id,
    created_at: now,
    updated_at: now,
    permissions: JSON.stringify(file.permissions),
    name: file.name,
    search: searchText(file.id, file.name),
  };
}

/** A complete upload in a temp file becomes a stored file: record, bytes, event. */
export function storeReceived(
  deps: StorageDeps,
  bucket: BucketDef,
  file: NewFile,
  received: Received,
): Promise<StoredFile> {
  return receiving(deps, bucket, file, received, async () => {
    if (received.size === 0) throw new AppError('storage_file_empty');
    await checkImage(deps, received.path, received.type);
    await claimId(deps, bucket, file.id);
    const row = {
      ...newFileRow(bucket, file, toIso(deps.clock.now())),
      signature: received.md5,
      mime_type: received.type.mimeType,
      size_original: received.size,
      chunks_total: 1,
      chunks_uploaded: 1,
      chunk_size: received.size,
      chunks_received: '[0]',
    };
    await deps.blobs.putFile(blobKey(bucket.$id, file.id), received.path);
    try {
      await tablesOf(deps.db).insertInto('storage_files').values(row).execute();
    } catch (e) {
      await deps.blobs.delete(blobKey(bucket.$id, file.id));
      throw e;
    }
    const model = toFileModel((await findFile(deps.db, bucket.$id, file.id))!);
    publish(deps, bucket, model, 'create');
    return model;
  });
}

export const newId = (requested: string) => (requested === 'unique()' ? uniqueId() : requested);

/** Removes the record, the bytes, any upload parts and cached previews. */
export async function removeFile(deps: StorageDeps, row: FileRow): Promise<void> {
  await tablesOf(deps.db)
    .deleteFrom('storage_files')
    .where('bucket_id', '=', row.bucket_id)
    .where('id', '=', row.id)
    .execute();
  deps.recentFiles.forget(row.bucket_id, row.id);
  await deps.blobs.delete(blobKey(row.bucket_id, row.id));
  if (!isComplete(row)) {
    await deps.parts.remove(row.bucket_id, row.id, JSON.parse(row.chunks_received) as number[]);
  }
  await rm(previewDir(deps, row.bucket_id, row.id), { recursive: true, force: true });
  deps.previews.cache.forget(`${blobKey(row.bucket_id, row.id)}/`);
}

export async function updateRecord(
  deps: StorageDeps,
  row: FileRow,
  change: { name?: string; permissions?: string[] },
): Promise<FileRow> {
  const name = change.name ?? row.name;
  await tablesOf(deps.db)
    .updateTable('storage_files')
    .set({
      name,
      permissions: change.permissions ? JSON.stringify(change.permissions) : row.permissions,
      search: searchText(row.id, name),
      updated_at: toIso(deps.clock.now()),
    })
    .where('bucket_id', '=', row.bucket_id)
    .where('id', '=', row.id)
    .execute();
  deps.recentFiles.forget(row.bucket_id, row.id);
  return (await findFile(deps.db, row.bucket_id, row.id))!;
}
