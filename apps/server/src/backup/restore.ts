import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { run, unpackArchive } from './archive.js';
import { DATA_FOLDER, isDatabaseFile, parseManifest, type BackupManifest } from './manifest.js';

/**
 * Puts a backup made by backupShop back (D20): the database is replaced by the one in the
 * archive and DATA_DIR's files by the archive's files. The shop must be stopped meanwhile.
 */
export async function restoreShop(
  config: Pick<Config, 'database' | 'dataDir'>,
  archive: string,
): Promise<BackupManifest> {
  const work = await mkdtemp(join(tmpdir(), 'courtside-restore-'));
  try {
    await unpackArchive(resolve(archive), work);
    const manifest = parseManifest(
      await readFile(join(work, 'manifest.json'), 'utf8').catch(() => {
        throw new Error('This is not a Courtside backup: it has no manifest.json.');
      }),
    );
    if (manifest.dialect !== config.database.kind) {
      throw new Error(
        `The backup holds a ${manifest.dialect} database but this shop is configured for ` +
          `${config.database.kind}; set DATABASE_URL to match the backup.`,
      );
    }
    const dump = join(work, manifest.databaseFile);

    const dataDir = resolve(config.dataDir);
    await mkdir(dataDir, { recursive: true });
    const sqliteFile = config.database.kind === 'sqlite' ? resolve(config.database.file) : null;
    const sqliteName = sqliteFile && dirname(sqliteFile) === dataDir ? basename(sqliteFile) : null;
    for (const entry of await readdir(dataDir)) {
      if (entry === 'backups' || isDatabaseFile(entry, sqliteName)) continue;
      await rm(join(dataDir, entry), { recursive: true, force: true });
    }
    await cp(join(work, DATA_FOLDER), dataDir, { recursive: true });

    if (config.database.kind === 'sqlite') {
      const file = sqliteFile!;
      await mkdir(dirname(file), { recursive: true });
      for (const f of [`${file}-wal`, `${file}-shm`]) await rm(f, { force: true });
      await copyFile(dump, file);
    } else {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--dbname',
        config.database.url,
        dump,
      ]);
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
