import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isBlobKey } from '../modules/storage/blobs/blob-store.js';
import type { ObjectStore } from '../modules/storage/blobs/s3-blob-store.js';

/** The archive's folder of the bucket's objects, `<bucketId>/<fileId>` as in the bucket. */
export const OBJECTS_FOLDER = 'objects';
/** Where the local store keeps the same files, inside the archive's copy of DATA_DIR. */
export const LOCAL_FILES = ['storage', 'files'];
/** Objects moved at once each way: enough to hide the round trips, few enough for any bucket. */
const AT_ONCE = 4;

/** Runs `work` on each item, AT_ONCE at a time; the first failure stops it, once all have settled. */
async function eachAtOnce<T>(items: AsyncIterable<T> | T[], work: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  try {
    for await (const item of items) {
      if (failure) break;
      const task: Promise<void> = work(item)
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => running.delete(task));
      running.add(task);
      if (running.size >= AT_ONCE) await Promise.race(running);
    }
  } finally {
    await Promise.all(running);
  }
  if (failure) throw (failure as { error: unknown }).error;
}

/**
 * Streams every file object of the bucket into `dir` (never a whole object in memory) and
 * returns how many. Anything in the bucket that is not a file's key is not the shop's: left out.
 */
export async function downloadObjects(store: ObjectStore, dir: string): Promise<number> {
  let count = 0;
  await eachAtOnce(store.list(), async ({ key }) => {
    if (!isBlobKey(key)) return;
    const stream = await store.read(key);
    if (!stream) return; // deleted since it was listed
    const target = join(dir, ...key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await pipeline(stream, createWriteStream(target));
    count++;
  });
  return count;
}

export interface BlobFile {
  key: string;
  path: string;
}

/** The files under `dir` laid out as `<bucketId>/<fileId>`; anything else is ignored. */
export async function blobFilesIn(dir: string): Promise<BlobFile[]> {
  const found: BlobFile[] = [];
  const list = (path: string) => readdir(path, { withFileTypes: true }).catch(() => []);
  for (const bucket of await list(dir)) {
    if (!bucket.isDirectory()) continue;
    for (const file of await list(join(dir, bucket.name))) {
      const key = `${bucket.name}/${file.name}`;
      if (file.isFile() && isBlobKey(key))
        found.push({ key, path: join(dir, bucket.name, file.name) });
    }
  }
  return found;
}

/** Puts each file into the bucket under its key (each file is consumed). */
export async function uploadObjects(store: ObjectStore, files: BlobFile[]): Promise<void> {
  await eachAtOnce(files, (f) => store.putFile(f.key, f.path));
}

/** Moves each file under `dir` at its key (the local store's layout). */
export async function moveFiles(files: BlobFile[], dir: string): Promise<void> {
  for (const f of files) {
    const target = join(dir, ...f.key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await rename(f.path, target);
  }
}

/** Deletes the bucket's file objects whose keys are not in `keep`; returns how many. */
export async function deleteObjectsExcept(store: ObjectStore, keep: Set<string>): Promise<number> {
  const stale: string[] = [];
  for await (const { key } of store.list()) if (isBlobKey(key) && !keep.has(key)) stale.push(key);
  await eachAtOnce(stale, (key) => store.delete(key));
  return stale.length;
}
