import {
  BACKUP_STALE_HOURS,
  shopDateTime,
  sizeText,
  type BackupFile,
  type BackupScheduleInfo,
} from '@courtside/shop';
import { formatWhen } from '../../../lib/format-when';

const HOUR = 3600_000;

/** "2 days", "20 hours": how old a backup is, as the warning says it. */
function age(ms: number): string {
  const hours = Math.floor(ms / HOUR);
  return hours >= 48 ? `${Math.floor(hours / 24)} days` : `${hours} hours`;
}

/**
 * Above the list: a warning when the newest backup is older than 36 hours, the
 * last scheduled run's failure in the server's words, and the schedule itself (BACKUP_* on the
 * server: its time, what is kept, where a copy goes, the next run).
 */
export function BackupSchedule({
  schedule,
  backups,
  now = new Date(),
}: {
  schedule: BackupScheduleInfo;
  backups: readonly BackupFile[];
  now?: Date;
}) {
  const newest = backups.reduce<number | null>((t, b) => {
    const at = Date.parse(b.createdAt);
    return t === null || at > t ? at : t;
  }, null);
  // With none at all the list itself says so.
  const stale = newest !== null && now.getTime() - newest > BACKUP_STALE_HOURS * HOUR;
  const { last } = schedule;
  return (
    <div className="space-y-3">
      {stale ? (
        <p
          role="alert"
          className="rounded-card border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
        >
          The last backup is {age(now.getTime() - newest!)} old (made{' '}
          {formatWhen(new Date(newest!).toISOString())}). Make one now, and check the schedule
          below.
        </p>
      ) : null}
      {last && !last.ok ? (
        <div role="alert" className="rounded-card border border-red-300 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-red-900">
            The scheduled backup of {formatWhen(last.at)} failed.
          </p>
          <p className="mt-1 wrap-anywhere text-red-900">{last.error}</p>
        </div>
      ) : null}
      <div className="rounded-card border border-line bg-card p-3 text-sm text-ink-soft">
        <h2 className="font-bold text-ink">Schedule</h2>
        {schedule.time === null ? (
          <p className="mt-1">
            The shop makes no backups by itself (BACKUP_TIME is off on the server): make them here
            or with the courtside backup command.
          </p>
        ) : (
          <>
            <p className="mt-1">
              Every day at {schedule.time} (Pakistan time). Kept: the newest of each of the last{' '}
              {schedule.keepDaily} days and of the last {schedule.keepWeekly} weeks; older scheduled
              backups are deleted (those made here are kept).
            </p>
            <p className="mt-1">
              {schedule.offsite
                ? `Each one is also copied off-site, to the bucket ${schedule.offsite}.`
                : 'No off-site copy is set up (BACKUP_S3_BUCKET on the server): download one now and then.'}
            </p>
            {schedule.next ? (
              <p className="mt-1">Next: {shopDateTime(schedule.next)} (Pakistan time).</p>
            ) : null}
          </>
        )}
        {last?.ok ? (
          <p className="mt-1">
            Last scheduled backup: {formatWhen(last.at)}
            {last.size === undefined ? '' : `, ${sizeText(last.size)}`}
            {last.offsite ? ', copied off-site' : ''}.
          </p>
        ) : null}
      </div>
    </div>
  );
}
