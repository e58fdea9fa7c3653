/**
 * Backups from the dashboard (docs/operations.md, Backups): the owner makes one, sees the list
 * with dates and sizes, and downloads one; restoring stays a command, since it stops the shop.
 */

/** Where the dashboard lists (GET), makes (POST) and downloads (GET /{name}) backups, under /v1. */
export const BACKUPS_PATH = '/shop/backups';

/** A backup archive in DATA_DIR/backups, as the dashboard lists it. */
export interface BackupFile {
  name: string;
  /** Bytes. */
  size: number;
  /** ISO date and time it was made. */
  createdAt: string;
}

/** The archives the shop makes and serves: courtside-2026-11-28-21-30-05.tar.gz (npm run backup's). */
export const BACKUP_NAME = /^courtside-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.tar\.gz$/;

/** The archive's name for a backup made at `now`. */
export const backupName = (now: Date) =>
  `courtside-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar.gz`;

/** The command that restores a backup, as the dashboard shows it. */
export const restoreCommand = (name: string) => `npm run restore -- data/backups/${name} --yes`;

/** "12.4 MB": a size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
