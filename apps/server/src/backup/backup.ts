import { RESTORE_LOCK } from './restore-lock.js';
import { RUNNING_DIR } from './running.js';
import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { SQLite } from '../db/sqlite-driver.js';
import type { Config } from '../config.js';
import { s3BlobStore } from '../modules/storage/blobs/s3-blob-store.js';
import { packDirectory, run } from './archive.js';
import { DATA_FOLDER, isDatabaseFile, type BackupManifest } from './manifest.js';
import { downloadObjects, OBJECTS_FOLDER } from './objects.js';

export interface BackupResult {
  archive: string;
  manifest: BackupManifest;
}

/** What under DATA_DIR is rebuilt on demand or one process's own, never worth backing up. */
const DERIVED = [
  'backups',
  'cache',
  'previews',
  'tmp',
  RUNNING_DIR,
  RESTORE_LOCK,
  'storage/previews',
  'storage/tmp',
];
const derived = (rel: string) => DERIVED.some((d) => rel === d || rel.startsWith(`${d}/`));

/**
 * One archive with the whole shop (D20): a consistent copy of the database (SQLite's online
 * backup, or pg_dump), every file under DATA_DIR (photos, outbox) and, with S3 storage, every
 * file object of the bucket, safe while the shop runs. The database is copied first: a file
 * uploaded meanwhile is at most an object no record names.
 */
export async function backupShop(
  config: Pick<Config, 'database' | 'dataDir' | 's3'>,
  archive: string,
  now = new Date(),
): Promise<BackupResult> {
  const work = await mkdtemp(join(tmpdir(), 'courtside-backup-'));
  try {
    const dialect = config.database.kind;
    const databaseFile = dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
    if (config.database.kind === 'sqlite') {
      const db = new SQLite(config.database.file, { readonly: true, fileMustExist: true });
      try {
        await db.backup(join(work, databaseFile));
      } finally {
        db.close();
      }
    } else {
      const target = join(work, databaseFile);
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        target,
        config.database.url,
      ]);
    }

    const dataDir = resolve(config.dataDir);
    const sqliteName =
      config.database.kind === 'sqlite' && dirname(resolve(config.database.file)) === dataDir
        ? basename(config.database.file)
        : null;
    const output = resolve(archive);
    await cp(dataDir, join(work, DATA_FOLDER), {
      recursive: true,
      filter: (source) => {
        const rel = relative(dataDir, source).split(sep).join('/');
        return (
          rel === '' || (!derived(rel) && !isDatabaseFile(rel, sqliteName) && source !== output)
        );
      },
    }).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
      await mkdir(join(work, DATA_FOLDER));
    });

    const manifest: BackupManifest = {
      format: 'courtside-backup',
      version: 1,
      createdAt: now.toISOString(),
      dialect,
      databaseFile,
    };
    if (config.s3) {
      const store = s3BlobStore(config.s3);
      try {
        await store.check();
        manifest.objects = await downloadObjects(store, join(work, OBJECTS_FOLDER));
      } finally {
        await store.close();
      }
    }
    await writeFile(join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(dirname(output), { recursive: true, mode: 0o700 });
    await packDirectory(work, output);
    // The archive holds every customer's data and password hashes: the server user's only.
    await chmod(output, 0o600);
    return { archive: output, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
