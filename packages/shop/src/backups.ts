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

/**
 * The archives the shop makes and serves: courtside-2026-11-28-21-30-05.tar.gz (the command's and
 * the dashboard's, kept until the owner deletes them) and courtside-auto-2026-11-28-22-00-00.tar.gz
 * (the schedule's, pruned by its retention). The time in the name is UTC.
 */
export const BACKUP_NAME = /^courtside-(auto-)?\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.tar\.gz$/;

/** The archive's name for a backup made at `now` (`auto`: by the schedule). */
export const backupName = (now: Date, auto = false) =>
  `courtside-${auto ? 'auto-' : ''}${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar.gz`;

/** When the backup of that name was made (the time in its name), or null for another name. */
export function backupTime(name: string): Date | null {
  const m = /^courtside-(?:auto-)?(\d{4})-(\d{2})-(\d{2})-(\d{2})-(\d{2})-(\d{2})\.tar\.gz$/.exec(
    name,
  );
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}

/** The dashboard warns when the newest backup is older than this. */
export const BACKUP_STALE_HOURS = 36;

/** The last run of the schedule, as the server recorded it. */
export interface BackupRun {
  /** ISO time it started. */
  at: string;
  ok: boolean;
  /** The archive it made (kept here even when the off-site copy failed). */
  name?: string;
  size?: number;
  /** Copied to the off-site bucket. */
  offsite?: boolean;
  /** What went wrong, in the operator's terms. */
  error?: string;
}

/** The schedule as the dashboard shows it (BACKUP_* on the server). */
export interface BackupScheduleInfo {
  /** "03:00", Pakistan time; null: no schedule (BACKUP_TIME=off). */
  time: string | null;
  keepDaily: number;
  keepWeekly: number;
  /** The off-site bucket's name, or null. */
  offsite: string | null;
  /** ISO time of the next scheduled backup, or null. */
  next: string | null;
  last: BackupRun | null;
}

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
