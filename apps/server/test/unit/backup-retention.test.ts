import { backupName } from '@courtside/shop';
import { describe, expect, it } from 'vitest';
import { nextBackupAt, prunable } from '../../src/backup/retention.js';
import { manualClock } from '../../src/tools/clock.js';

const THREE_AM = 3 * 60;
const HOUR = 3600_000;

describe('the backup schedule', () => {
  it('runs next at the time of day in Pakistan (UTC+5), today or tomorrow', () => {
    // 21:59 UTC is 02:59 in Karachi: the next 03:00 is a minute away.
    expect(nextBackupAt(new Date('2026-11-28T21:59:00Z'), THREE_AM).toISOString()).toBe(
      '2026-11-28T22:00:00.000Z',
    );
    // At 03:00 itself, and after it, the next is tomorrow's.
    expect(nextBackupAt(new Date('2026-11-28T22:00:00Z'), THREE_AM).toISOString()).toBe(
      '2026-11-29T22:00:00.000Z',
    );
    // 23:30 Karachi is still the same UTC date: tomorrow's 03:00.
    expect(nextBackupAt(new Date('2026-11-28T18:30:00Z'), THREE_AM).toISOString()).toBe(
      '2026-11-28T22:00:00.000Z',
    );
    // Midnight in Karachi is 19:00 UTC the day before.
    expect(nextBackupAt(new Date('2026-12-31T19:00:00Z'), 0).toISOString()).toBe(
      '2027-01-01T19:00:00.000Z',
    );
  });

  it('keeps the newest of each of the last 7 days and of the last 4 weeks, as days pass', () => {
    // Every night at 03:00 Karachi (22:00 UTC the day before), 60 nights, pruned after each, as
    // the schedule does; the clock starts on Wednesday 2 September, Karachi time.
    const clock = manualClock(new Date('2026-09-01T22:00:00Z'));
    let kept: string[] = [];
    for (let night = 0; night < 60; night++) {
      kept.push(backupName(clock.now(), true));
      const gone = prunable(kept, 7, 4);
      kept = kept.filter((n) => !gone.includes(n));
      clock.advance(24 * HOUR);
    }
    // The last night is Saturday 31 October in Karachi: its 7 days (25-31 October), and the
    // newest of the two weeks before (Sunday 18 and Sunday 11 October, Karachi time).
    const utc = (d: string) => `courtside-auto-2026-10-${d}-22-00-00.tar.gz`;
    expect(kept.sort()).toEqual(['10', '17', '24', '25', '26', '27', '28', '29', '30'].map(utc));
  });

  it('keeps one per Karachi day, the newest, whatever the UTC date in the names', () => {
    const night = backupName(new Date('2026-10-30T22:00:00Z'), true); // 03:00, 31 October
    const morning = backupName(new Date('2026-10-31T05:00:00Z'), true); // 10:00, 31 October
    const before = backupName(new Date('2026-10-30T18:00:00Z'), true); // 23:00, 30 October
    expect(prunable([night, morning, before], 1, 0)).toEqual([night, before]);
    expect(prunable([night, morning, before], 2, 0)).toEqual([night]);
  });

  it('never deletes a name without a time, nor anything when there is less than it keeps', () => {
    const few = [backupName(new Date('2026-11-01T22:00:00Z'), true), 'notes.txt'];
    expect(prunable(few, 7, 4)).toEqual([]);
  });
});
