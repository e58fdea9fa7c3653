import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { run, unpackArchive } from './archive.js';
import { DATA_FOLDER, isDatabaseFile, parseManifest, type BackupManifest } from './manifest.js';
import { s3BlobStore, type ObjectStore } from '../modules/storage/blobs/s3-blob-store.js';
import {
  blobFilesIn,
  deleteObjectsExcept,
  LOCAL_FILES,
  moveFiles,
  OBJECTS_FOLDER,
  uploadObjects,
} from './objects.js';
import { RESTORE_LOCK, takePgRestoreLock, takeRestoreLock } from './restore-lock.js';
import { RUNNING_DIR, runningServers } from './running.js';

/** Refuses while a server uses the data (backup/running.ts), saying which and what to do. */
function assertShopStopped(dataDir: string): void {
  const running = runningServers(dataDir);
  if (running.length === 0) return;
  const which = running.map((s) => `pid ${s.pid} on ${s.host}`).join(', ');
  throw new Error(
    `The shop is running (${which}): stop it before restoring. If no server is running, ` +
      `remove what is left in ${join(dataDir, RUNNING_DIR)} and run the restore again.`,
  );
}

/**
 * The archive's files (objects/ of an S3 backup, data/storage/files of a local one) put where
 * this shop keeps them: into its bucket, or into the staged DATA_DIR's storage/files. So a backup
 * also moves a shop from its disk to S3 and back. Returns the keys put into the bucket.
 */
async function placeFiles(work: string, store: ObjectStore | null): Promise<Set<string>> {
  const localDir = join(work, DATA_FOLDER, ...LOCAL_FILES);
  const objects = await blobFilesIn(join(work, OBJECTS_FOLDER));
  if (!store) {
    await moveFiles(objects, localDir);
    return new Set();
  }
  const files = [...objects, ...(await blobFilesIn(localDir))];
  await uploadObjects(store, files);
  await rm(localDir, { recursive: true, force: true });
  return new Set(files.map((f) => f.key));
}

export interface RestoreOptions {
  /**
   * Run once the archive is unpacked and checked, before the database or a file is replaced (the
   * locks are held): tests hold a restore here to start a server against it.
   */
  midway?: () => Promise<void>;
}

/**
 * Puts a backup made by backupShop back (D20): the database is replaced by the one in the
 * archive and DATA_DIR's files by the archive's files. It refuses while a server uses the data,
 * and holds the restore lock (restore-lock.ts) for its whole run, so no server starts on the
 * data meanwhile. It works on copies until the last moment: the new database and files are laid
 * out beside the old ones, then swapped in, so an interrupted restore leaves the old shop as it
 * was. With S3 storage the bucket cannot be staged: the backup's objects are put first (a file
 * id the old shop shares with the backup gets the backup's bytes), and objects the backup does
 * not have are deleted only once the rest is in place.
 */
export async function restoreShop(
  config: Pick<Config, 'database' | 'dataDir' | 's3'>,
  archive: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const dataDir = resolve(config.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // The lock first, the servers' marks then: a server marks first and looks for the lock then.
  const releaseLock = takeRestoreLock(dataDir);
  try {
    assertShopStopped(dataDir);
    const pgLock =
      config.database.kind === 'postgres' ? await takePgRestoreLock(config.database.url) : null;
    try {
      return await restoreLocked(config, dataDir, resolve(archive), options);
    } finally {
      await pgLock?.release();
    }
  } finally {
    releaseLock();
  }
}

/** The restore itself, its locks held. */
async function restoreLocked(
  config: Pick<Config, 'database' | 'dataDir' | 's3'>,
  dataDir: string,
  archive: string,
  options: RestoreOptions,
): Promise<BackupManifest> {
  const { database } = config;
  const sqliteFile = database.kind === 'sqlite' ? resolve(database.file) : null;
  const sqliteName = sqliteFile && dirname(sqliteFile) === dataDir ? basename(sqliteFile) : null;
  const staged = sqliteFile && `${sqliteFile}.restoring`;
  // Unpacked inside DATA_DIR: the swaps below are renames on one file system.
  const work = await mkdtemp(join(dataDir, '.restore-'));
  let store: ObjectStore | null = null;
  try {
    await unpackArchive(archive, work).catch((e: Error) => {
      throw new Error(
        `${archive} is not a whole Courtside backup (damaged, cut short, or another file): ` +
          `nothing was changed. ${e.message}`,
      );
    });
    const manifest = parseManifest(
      await readFile(join(work, 'manifest.json'), 'utf8').catch(() => {
        throw new Error('This is not a Courtside backup: it has no manifest.json.');
      }),
    );
    if (manifest.dialect !== database.kind) {
      throw new Error(
        `The backup holds a ${manifest.dialect} database but this shop is configured for ` +
          `${database.kind}; set DATABASE_URL to match the backup.`,
      );
    }
    await options.midway?.();
    store = config.s3 ? s3BlobStore(config.s3) : null;
    await store?.check();
    const keys = await placeFiles(work, store);
    const dump = join(work, manifest.databaseFile);
    // The new database first: PostgreSQL's in one transaction (all or nothing), SQLite's as a
    // complete file beside the old one.
    if (database.kind === 'postgres') {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--dbname',
        database.url,
        dump,
      ]);
    } else if (staged) {
      await mkdir(dirname(staged), { recursive: true, mode: 0o700 });
      await copyFile(dump, staged);
    }
    const keep = (entry: string) =>
      entry === 'backups' ||
      entry === RUNNING_DIR ||
      entry === RESTORE_LOCK ||
      entry === basename(work) ||
      isDatabaseFile(entry, sqliteName) ||
      (staged !== null && entry === basename(staged));
    await swapIn(dataDir, join(work, DATA_FOLDER), join(work, 'replaced'), keep, async () => {
      if (!sqliteFile || !staged) return;
      // The journal files belong to the old database.
      for (const f of [`${sqliteFile}-wal`, `${sqliteFile}-shm`]) await rm(f, { force: true });
      await rename(staged, sqliteFile);
    });
    if (store) await deleteObjectsExcept(store, keys);
    return manifest;
  } finally {
    await store?.close();
    await rm(work, { recursive: true, force: true });
    if (staged) await rm(staged, { force: true });
  }
}

/**
 * Moves DATA_DIR's entries (but `keep`'s) aside and `incoming`'s in, then runs `last`; if any
 * step fails, what moved in goes and what moved aside comes back.
 */
export async function swapIn(
  dataDir: string,
  incoming: string,
  aside: string,
  keep: (entry: string) => boolean,
  last: () => Promise<void>,
): Promise<void> {
  await mkdir(aside, { recursive: true });
  const movedAside: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const entry of await readdir(dataDir)) {
      if (keep(entry)) continue;
      await rename(join(dataDir, entry), join(aside, entry));
      movedAside.push(entry);
    }
    for (const entry of await readdir(incoming)) {
      await rename(join(incoming, entry), join(dataDir, entry));
      movedIn.push(entry);
    }
    await last();
  } catch (e) {
    for (const entry of movedIn) await rm(join(dataDir, entry), { recursive: true, force: true });
    for (const entry of movedAside) await rename(join(aside, entry), join(dataDir, entry));
    throw e;
  }
}
