import { backupTime } from '@courtside/shop';

/** Pakistan time: UTC+5 all year (no daylight saving since 2009). */
const PKT_MS = 5 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The first moment after `now` at `minuteOfDay` minutes past midnight, Pakistan time. */
export function nextBackupAt(now: Date, minuteOfDay: number): Date {
  const local = now.getTime() + PKT_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  let at = midnight + minuteOfDay * 60_000;
  if (at <= local) at += DAY_MS;
  return new Date(at - PKT_MS);
}

/** The Pakistan calendar day of a time, as a number of days since 1970-01-01. */
const dayOf = (t: Date) => Math.floor((t.getTime() + PKT_MS) / DAY_MS);
/** The Monday that starts its week (1970-01-01 was a Thursday). */
const weekOf = (t: Date) => {
  const day = dayOf(t);
  return day - ((day + 3) % 7);
};

/**
 * Which of the schedule's backups retention deletes (by name; the time is in the name): the
 * newest of each of the last `keepDaily` days that have one is kept, and the newest of each of
 * the last `keepWeekly` weeks (Monday to Sunday, Pakistan time); every other one goes. A name
 * without a time is never deleted.
 */
export function prunable(
  names: readonly string[],
  keepDaily: number,
  keepWeekly: number,
): string[] {
  const dated = names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  const newestOf = (period: (t: Date) => number, count: number) => {
    const seen = new Set<number>();
    for (const b of dated) {
      const p = period(b.at);
      if (seen.has(p)) continue;
      if (seen.size === count) break;
      seen.add(p);
      keep.add(b.name);
    }
  };
  newestOf(dayOf, keepDaily);
  newestOf(weekOf, keepWeekly);
  return dated.filter((b) => !keep.has(b.name)).map((b) => b.name);
}
