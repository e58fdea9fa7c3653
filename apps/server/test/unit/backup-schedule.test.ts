import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBackupSchedule } from '../../src/backup/schedule.js';
import { systemClock } from '../../src/tools/clock.js';

afterEach(() => vi.useRealTimers());

describe('the schedule in a running server', () => {
  it('makes a backup at 03:00 Karachi time each day and logs it', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T21:58:00Z') });
    const dataDir = mkdtempSync(join(tmpdir(), 'courtside-schedule-'));
    const config = {
      dataDir,
      database: { kind: 'sqlite' as const, file: join(dataDir, 'courtside.db') },
      s3: null,
      backups: { minuteOfDay: 180, keepDaily: 7, keepWeekly: 4, s3: null },
    };
    const log = { info: vi.fn(), error: vi.fn() };
    const make = vi.fn(async (_c: unknown, file: string) => void (await writeFile(file, 'x')));
    const timer = startBackupSchedule(config, systemClock, log, make);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(make).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1));
    expect(log.info).toHaveBeenCalledWith(
      { backup: 'courtside-auto-2026-11-28-22-00-00.tar.gz', size: 1 },
      'scheduled backup made',
    );
    // The next one a day later.
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    await vi.waitFor(() => expect(make).toHaveBeenCalledTimes(2));
    await timer.close();
    expect(readdirSync(join(dataDir, 'backups')).sort()).toEqual([
      'courtside-auto-2026-11-28-22-00-00.tar.gz',
      'courtside-auto-2026-11-29-22-00-00.tar.gz',
      'schedule.json',
    ]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
