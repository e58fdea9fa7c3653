import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where a file's bytes live: the local disk (below) or an S3-compatible bucket
 * (s3-blob-store.ts). Keys are `<bucketId>/<fileId>` made only of key characters (see blobKey),
 * so no caller-supplied text ever becomes a path on its own. Callers never assume a local path:
 * only previews use one, when the store has it.
 */
export interface BlobStore {
  /** Stores the bytes of a local file under `key`, replacing what was there; the file is consumed. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** The bytes, or the inclusive byte range [start, end]; null when the key holds nothing. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** A local path to the bytes, when the store keeps them on this machine (fast previews). */
  localPath?(key: string): string;
  /** Throws, saying what to fix, when the store cannot be used (checked at start). */
  check?(): Promise<void>;
}

const KEY_PART = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** A blob key from protocol ids; refuses anything that is not an id (no dots-only, no slashes). */
export function blobKey(...parts: string[]): string {
  for (const part of parts) {
    if (!KEY_PART.test(part)) throw new Error(`not a storage key part: ${JSON.stringify(part)}`);
  }
  return parts.join('/');
}

/** Whether `key` is one blobKey makes from these many parts (a folder or object we wrote). */
export const isBlobKey = (key: string, parts = 2) => {
  const split = key.split('/');
  return split.length === parts && split.every((part) => KEY_PART.test(part));
};

/** Resolves `key` under `root`, and refuses any result outside it (defence in depth). */
export function safeJoin(root: string, key: string): string {
  const base = resolve(root);
  const full = resolve(base, ...key.split('/'));
  if (!full.startsWith(base + sep)) throw new Error(`storage path escapes its folder: ${key}`);
  return full;
}

/** Bytes on the local disk under `root` (DATA_DIR/storage/files by default). */
export function localBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => safeJoin(root, key);
  return {
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        // Another filesystem: copy, then drop the source.
        await pipeline(createReadStream(sourcePath), createWriteStream(`${target}.tmp`));
        await rename(`${target}.tmp`, target);
        await rm(sourcePath, { force: true });
      }
    },
    async read(key, range) {
      const path = pathOf(key);
      if ((await this.size(key)) === null) return null;
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    localPath: pathOf,
  };
}
