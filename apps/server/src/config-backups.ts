import { z } from 'zod';
import { int } from './config-passwords.js';
import { parseS3, type S3Config } from './config-s3.js';

/**
 * The shop's own backups on a schedule (BACKUP_*; README "Backups on a schedule"): a daily time
 * in Pakistan time, how many to keep, and optionally a bucket the archives go to as well.
 */
export interface BackupSchedule {
  /** Minutes after midnight, Pakistan time (PKT, UTC+5, no daylight saving); null: no schedule. */
  minuteOfDay: number | null;
  /** The newest backup of each of this many days is kept ... */
  keepDaily: number;
  /** ... and the newest of each of this many weeks (Monday to Sunday). */
  keepWeekly: number;
  /** A bucket (any S3-compatible service) every scheduled archive is streamed to; null: none. */
  s3: S3Config | null;
}

const time = z
  .string()
  .optional()
  .transform((v) => v?.trim().toLowerCase() || '03:00')
  .refine(
    (v) => v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
    'must be HH:MM (24-hour, Pakistan time) or off',
  );

export const BACKUP_ENV = {
  BACKUP_TIME: time,
  BACKUP_KEEP_DAILY: int(1, 366, 7),
  BACKUP_KEEP_WEEKLY: int(0, 520, 4),
  BACKUP_S3_ENDPOINT: z.string().optional(),
  BACKUP_S3_BUCKET: z.string().optional(),
  BACKUP_S3_REGION: z.string().optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  BACKUP_S3_FORCE_PATH_STYLE: z.string().optional(),
};

type BackupEnv = z.infer<z.ZodObject<typeof BACKUP_ENV>>;

const text = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The schedule, or the problems with its variables (all at once). */
export function parseBackupSchedule(e: BackupEnv): BackupSchedule | { problems: string[] } {
  const s3 = parseS3({
    S3_ENDPOINT: text(e.BACKUP_S3_ENDPOINT),
    S3_BUCKET: text(e.BACKUP_S3_BUCKET),
    S3_REGION: text(e.BACKUP_S3_REGION),
    S3_ACCESS_KEY_ID: text(e.BACKUP_S3_ACCESS_KEY_ID),
    S3_SECRET_ACCESS_KEY: text(e.BACKUP_S3_SECRET_ACCESS_KEY),
    S3_FORCE_PATH_STYLE: text(e.BACKUP_S3_FORCE_PATH_STYLE),
  });
  if (s3 && 'problems' in s3) {
    return { problems: s3.problems.map((p) => p.replaceAll('S3_', 'BACKUP_S3_')) };
  }
  const [hours, minutes] = e.BACKUP_TIME.split(':').map(Number);
  return Object.freeze({
    minuteOfDay: e.BACKUP_TIME === 'off' ? null : hours! * 60 + minutes!,
    keepDaily: e.BACKUP_KEEP_DAILY,
    keepWeekly: e.BACKUP_KEEP_WEEKLY,
    s3,
  });
}
