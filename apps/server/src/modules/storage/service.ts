import { blobKey } from './blobs/blob-store.js';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { invalidArgument } from '../../protocol/errors.js';
import { customId, readParams, text } from '../../protocol/params.js';
import { bucketOf } from './files/access.js';
import type { StorageService, StoredFile } from './contract.js';
import {
  newId,
  previewDir,
  publish,
  removeFile,
  storeReceived,
  tempFile,
  typeCheck,
  updateRecord,
  type StorageDeps,
} from './files/files.js';
import { parseFilePermissions } from './files/permissions.js';
import { receiveToFile } from './uploads/receive.js';
import { findFile, isComplete, toFileModel } from './files/records.js';
import type { StorageTables } from './tables.js';

/** System access for other modules: no permission checks, the bucket's content rules hold. */
export function storageService(deps: StorageDeps): StorageService {
  return {
    forgetFile(bucketId, fileId, deleted = false) {
      deps.recentFiles.forget(bucketId, fileId);
      deps.previews.cache.forget(`${blobKey(bucketId, fileId)}/`);
      // On a disk of its own, this server's previews of a deleted file are its to remove.
      if (deleted) {
        void rm(previewDir(deps, bucketId, fileId), { recursive: true, force: true }).catch(
          () => undefined,
        );
      }
    },
    async createFile(bucketId, fileId, name, bytes, permissions = []): Promise<StoredFile> {
      const bucket = bucketOf(deps.schema, bucketId, 'system');
      const p = readParams({ fileId, name }, { fileId: customId(), name: text(255) });
      if (!Buffer.isBuffer(bytes)) throw invalidArgument('bytes must be a Buffer');
      const received = await receiveToFile(Readable.from([bytes]), await tempFile(deps), {
        maxBytes: bucket.maximumFileSize,
        checkType: typeCheck(bucket),
      });
      return storeReceived(
        deps,
        bucket,
        { id: newId(p.fileId), name: p.name, permissions: parseFilePermissions(permissions) },
        received,
      );
    },
    async getFile(bucketId, fileId, within) {
      const bucket = bucketOf(deps.schema, bucketId, 'system');
      const at = within ? within.withTables<StorageTables>() : deps.db;
      const row = await findFile(at, bucket.$id, fileId);
      return row && isComplete(row) ? toFileModel(row) : null;
    },
    async setFilePermissions(bucketId, fileId, permissions) {
      const bucket = bucketOf(deps.schema, bucketId, 'system');
      const row = await findFile(deps.db, bucket.$id, fileId);
      if (!row || !isComplete(row)) return false;
      const updated = await updateRecord(deps, row, {
        permissions: parseFilePermissions(permissions),
      });
      publish(deps, bucket, toFileModel(updated), 'update');
      return true;
    },
    async deleteFile(bucketId, fileId) {
      const bucket = bucketOf(deps.schema, bucketId, 'system');
      const row = await findFile(deps.db, bucket.$id, fileId);
      if (!row) return false;
      await removeFile(deps, row);
      return true;
    },
    previewFigures() {
      const { slots, cache } = deps.previews;
      return {
        renders: deps.previews.renders,
        ...slots.figures,
        cacheBytes: cache.figures.bytes,
        cacheEntries: cache.figures.entries,
      };
    },
  };
}
