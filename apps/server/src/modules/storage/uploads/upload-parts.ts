import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { blobKey, safeJoin, type BlobStore } from '../blobs/blob-store.js';

/**
 * Where the chunks of an upload in progress wait for the last one (chunks.ts), which joins them
 * into one file on this disk before it is stored.
 */
export interface UploadParts {
  /** Keeps the chunk in the local file `path` (consumed) as part `index`. */
  put(bucketId: string, fileId: string, index: number, path: string): Promise<void>;
  /** Part `index`'s bytes; throws when it is missing. */
  read(bucketId: string, fileId: string, index: number): Promise<Readable>;
  /** Drops the upload's parts (`indexes`, the ones it received). */
  remove(bucketId: string, fileId: string, indexes: number[]): Promise<void>;
}

/** Under DATA_DIR/storage/uploads: the local store's, and its processes share that folder. */
export function diskParts(root: string): UploadParts {
  const dirOf = (bucketId: string, fileId: string) => safeJoin(root, blobKey(bucketId, fileId));
  return {
    async put(bucketId, fileId, index, path) {
      const dir = dirOf(bucketId, fileId);
      await mkdir(dir, { recursive: true });
      await rename(path, join(dir, String(index)));
    },
    async read(bucketId, fileId, index) {
      const stream = createReadStream(join(dirOf(bucketId, fileId), String(index)));
      // Opened before the caller pipes it, so a missing part throws here.
      await new Promise((ready, fail) => stream.once('open', ready).once('error', fail));
      return stream;
    },
    async remove(bucketId, fileId) {
      await rm(dirOf(bucketId, fileId), { recursive: true, force: true });
    },
  };
}

/** Where an object store keeps upload parts: beside the files, never taken for one (3 levels). */
export const PARTS_PREFIX = 'uploads';

/**
 * In the object store under `uploads/<bucketId>/<fileId>/<index>`, so the chunks of one upload
 * may reach different servers (each chunk is a request of its own behind a load balancer).
 */
export function storeParts(blobs: BlobStore): UploadParts {
  const keyOf = (bucketId: string, fileId: string, index: number) =>
    `${PARTS_PREFIX}/${blobKey(bucketId, fileId)}/${index}`;
  return {
    put: (bucketId, fileId, index, path) => blobs.putFile(keyOf(bucketId, fileId, index), path),
    async read(bucketId, fileId, index) {
      const stream = await blobs.read(keyOf(bucketId, fileId, index));
      if (!stream) throw new Error(`part ${index} of ${blobKey(bucketId, fileId)} is missing`);
      return stream;
    },
    async remove(bucketId, fileId, indexes) {
      for (const index of indexes) await blobs.delete(keyOf(bucketId, fileId, index));
    },
  };
}
