import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_NAME, backupName, type BackupRun, type BackupScheduleInfo } from '@courtside/shop';
import type { Config } from '../config.js';
import type { Clock } from '../tools/clock.js';
import { backupShop } from './backup.js';
import { offsiteBucket } from './offsite.js';
import { nextBackupAt, prunable } from './retention.js';

type ScheduleConfig = Pick<Config, 'database' | 'dataDir' | 's3' | 'backups'>;

/** The last run's record, beside the archives (DATA_DIR/backups). */
const STATUS_FILE = 'schedule.json';
const isScheduled = (name: string) => name.startsWith('courtside-auto-') && BACKUP_NAME.test(name);

/** Makes the archive (backupShop; tests stand in for it). */
type MakeArchive = (config: ScheduleConfig, file: string, at: Date) => Promise<unknown>;

const backupsDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'backups');

/**
 * One run of the schedule, for the slot `at`: the archive made into DATA_DIR/backups (named for
 * the slot, so servers that share a bucket write the same name), the schedule's older archives
 * pruned by retention (the command's and the dashboard's are never touched), then, with an
 * off-site bucket, the archive streamed there and the bucket pruned the same way. Whatever fails
 * is recorded with the run and said in the dashboard; the shop's data is only ever read. A
 * half-written archive (a full disk) is deleted.
 */
export async function runScheduledBackup(
  config: ScheduleConfig,
  at: Date,
  make: MakeArchive = backupShop,
): Promise<BackupRun> {
  const dir = backupsDir(config);
  const run: BackupRun = { at: at.toISOString(), ok: false };
  const { keepDaily, keepWeekly, s3 } = config.backups;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const name = backupName(at, true);
    const file = join(dir, name);
    await make(config, file, at).catch(async (e: unknown) => {
      await rm(file, { force: true });
      throw e;
    });
    run.name = name;
    run.size = (await stat(file)).size;
    const here = (await readdir(dir)).filter(isScheduled);
    for (const old of prunable(here, keepDaily, keepWeekly))
      await rm(join(dir, old), { force: true });
    if (s3) {
      const bucket = offsiteBucket(s3);
      try {
        await bucket.put(file, name).catch((e: unknown) => {
          throw new Error(
            `Backup ${name} was made on this server but not copied off-site. ${(e as Error).message}`,
            { cause: e },
          );
        });
        run.offsite = true;
        const there = (await bucket.names()).filter(isScheduled);
        for (const old of prunable(there, keepDaily, keepWeekly)) await bucket.remove(old);
      } finally {
        bucket.close();
      }
    }
    run.ok = true;
  } catch (e) {
    run.error = e instanceof Error ? e.message : String(e);
  }
  await writeFile(join(dir, STATUS_FILE), JSON.stringify(run), { mode: 0o600 }).catch(
    () => undefined,
  );
  return run;
}

/** The last run recorded, or null when the schedule has not run here yet. */
export async function lastScheduledRun(config: Pick<Config, 'dataDir'>): Promise<BackupRun | null> {
  try {
    return JSON.parse(await readFile(join(backupsDir(config), STATUS_FILE), 'utf8')) as BackupRun;
  } catch {
    return null;
  }
}

/** The schedule as the dashboard shows it. */
export async function scheduleInfo(config: ScheduleConfig, now: Date): Promise<BackupScheduleInfo> {
  const { minuteOfDay, keepDaily, keepWeekly, s3 } = config.backups;
  const time =
    minuteOfDay === null
      ? null
      : `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
  return {
    time,
    keepDaily,
    keepWeekly,
    offsite: s3?.bucket ?? null,
    next: minuteOfDay === null ? null : nextBackupAt(now, minuteOfDay).toISOString(),
    last: await lastScheduledRun(config),
  };
}

export interface BackupTimer {
  close(): Promise<void>;
}

/**
 * The schedule in a running server (main.ts): a timer to the next slot, a run, the next timer.
 * Without BACKUP_TIME (off) it does nothing. With several servers, set BACKUP_TIME=off on all but
 * one (README "Backups on a schedule").
 */
export function startBackupSchedule(
  config: ScheduleConfig,
  clock: Clock,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
  make: MakeArchive = backupShop,
): BackupTimer {
  const minute = config.backups.minuteOfDay;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const arm = () => {
    if (stopped || minute === null) return;
    const at = nextBackupAt(clock.now(), minute);
    // setTimeout's longest wait is about 24.8 days; a day is far below it.
    timer = setTimeout(() => fire(at), Math.max(0, at.getTime() - clock.now().getTime()));
    timer.unref();
  };
  const fire = (at: Date) => {
    if (stopped) return;
    if (clock.now() < at) return arm();
    running = runScheduledBackup(config, at, make).then((run) => {
      if (run.ok) log.info({ backup: run.name, size: run.size }, 'scheduled backup made');
      else log.error({ backup: run.name, err: run.error }, 'scheduled backup failed');
      running = null;
      arm();
    });
  };
  arm();
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
