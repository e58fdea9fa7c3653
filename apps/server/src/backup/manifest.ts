import type { Dialect } from '../db/database.js';

/** What a backup archive says about itself: checked before anything is restored. */
export interface BackupManifest {
  format: 'courtside-backup';
  version: 1;
  createdAt: string;
  dialect: Dialect;
  /** database.sqlite (SQLite online backup) or database.pgdump (pg_dump custom format). */
  databaseFile: string;
  /**
   * With S3 storage: how many of the bucket's objects the archive holds, under objects/.
   * Absent: the files are those of DATA_DIR/storage/files, inside data/.
   */
  objects?: number;
}

export const DATA_FOLDER = 'data';

/** The database files inside DATA_DIR that the database dump covers (never copied as files). */
export function isDatabaseFile(name: string, sqliteFile: string | null): boolean {
  return (
    sqliteFile !== null && [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`].includes(name)
  );
}

export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('This is not a Courtside backup: its manifest.json is not JSON.');
  }
  const m = value as Partial<BackupManifest>;
  if (m?.format !== 'courtside-backup' || m.version !== 1) {
    throw new Error('This is not a Courtside backup (or it was made by a newer version).');
  }
  if (m.dialect !== 'sqlite' && m.dialect !== 'postgres') {
    throw new Error('The backup names an unknown database kind.');
  }
  if (m.databaseFile !== 'database.sqlite' && m.databaseFile !== 'database.pgdump') {
    throw new Error('The backup names an unknown database file.');
  }
  if (m.objects !== undefined && !(Number.isInteger(m.objects) && m.objects >= 0)) {
    throw new Error('The backup names a bad count of objects.');
  }
  return m as BackupManifest;
}
