import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreShop } from '../../src/backup/restore.js';
import { lastScheduledRun, runScheduledBackup } from '../../src/backup/schedule.js';
import type { BackupSchedule } from '../../src/config-backups.js';
import { SQLite } from '../../src/db/sqlite-driver.js';
import { s3Client } from '../../src/modules/storage/blobs/s3-blob-store.js';
import { manualClock } from '../../src/tools/clock.js';
import { createTestBucket, s3Settings, type TestBucket } from '../support/s3.js';

/**
 * The schedule's runs (backup/schedule.ts) with an off-site bucket on s3rver: the archive
 * streamed there and restored from there onto a fresh install, retention in both places as
 * nights pass on a manual clock, and what a run does when the bucket or the disk fails.
 */
let root: string;
let bucket: TestBucket;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'courtside-offsite-'));
  bucket = await createTestBucket();
});
afterAll(async () => {
  await bucket.drop();
  rmSync(root, { recursive: true, force: true });
});

/** A small shop: a SQLite database with one order in it, and a photo under DATA_DIR. */
function shop(name: string, backups: Partial<BackupSchedule> = {}) {
  const dataDir = join(root, name);
  mkdirSync(join(dataDir, 'storage'), { recursive: true });
  const file = join(dataDir, 'courtside.db');
  const db = new SQLite(file);
  db.exec("CREATE TABLE orders (id TEXT); INSERT INTO orders VALUES ('CS-1001')");
  db.close();
  writeFileSync(join(dataDir, 'storage', 'photo.jpg'), 'jpeg bytes');
  const schedule: BackupSchedule = {
    minuteOfDay: 180,
    keepDaily: 7,
    keepWeekly: 4,
    s3: bucket.settings,
    ...backups,
  };
  return { dataDir, database: { kind: 'sqlite' as const, file }, s3: null, backups: schedule };
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const scheduled = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.startsWith('courtside-auto-'))
    .sort();

describe('scheduled backups kept off-site', () => {
  it('streams the archive to the bucket, and a fresh install restores from that copy', async () => {
    const config = shop('streamed');
    const at = new Date('2026-11-28T22:00:00Z');
    const run = await runScheduledBackup(config, at);
    expect(run).toMatchObject({
      ok: true,
      offsite: true,
      name: 'courtside-auto-2026-11-28-22-00-00.tar.gz',
    });
    expect(await bucket.has(run.name!)).toBe(true);
    expect(await lastScheduledRun(config)).toEqual(run);

    // A fresh install: the archive fetched from the bucket, restored, the order there.
    const fresh = shop('fresh', { s3: null });
    rmSync(fresh.database.file);
    const copy = join(root, 'from-bucket.tar.gz');
    const client = s3Client(bucket.settings);
    const object = await client.send(
      new GetObjectCommand({ Bucket: bucket.settings.bucket, Key: run.name }),
    );
    await writeFile(copy, object.Body as NodeJS.ReadableStream);
    client.destroy();
    await restoreShop(fresh, copy);
    const db = new SQLite(fresh.database.file, { readonly: true });
    expect(db.prepare('SELECT id FROM orders').all()).toEqual([{ id: 'CS-1001' }]);
    db.close();
    expect(readFileSync(join(fresh.dataDir, 'storage', 'photo.jpg'), 'utf8')).toBe('jpeg bytes');
  });

  it('prunes here and in the bucket by the same rule as nights pass', async () => {
    const config = shop('nightly', { keepDaily: 3, keepWeekly: 1 });
    const before = new Set(await bucket.keys());
    // A stand-in archive: the schedule's bookkeeping, not the archive, is under test here.
    const make = async (_c: unknown, file: string) => void (await writeFile(file, 'archive'));
    const clock = manualClock(new Date('2026-11-01T22:00:00Z'));
    for (let night = 0; night < 10; night++) {
      expect((await runScheduledBackup(config, clock.now(), make)).ok).toBe(true);
      clock.advance(24 * 3600_000);
    }
    const last3 = ['08', '09', '10'].map((d) => `courtside-auto-2026-11-${d}-22-00-00.tar.gz`);
    expect(scheduled(join(config.dataDir, 'backups'))).toEqual(last3);
    // The bucket also keeps the first test's archive of a later night: the newest 3 days.
    const there = (await bucket.keys()).filter((k) => !before.has(k));
    expect(there).toEqual(last3.slice(1));
  });

  it('records an unreachable bucket, keeps the archive made here, and leaves the data', async () => {
    const unreachable = { ...s3Settings('nowhere'), endpoint: 'http://127.0.0.1:9' };
    const config = shop('unreachable', { s3: unreachable });
    const data = digest(config.database.file);
    const run = await runScheduledBackup(config, new Date('2026-11-28T22:00:00Z'));
    expect(run.ok).toBe(false);
    expect(run.error).toContain(
      'Backup courtside-auto-2026-11-28-22-00-00.tar.gz was made on this server but not copied off-site.',
    );
    expect(run.error).toContain(
      'bucket "nowhere" at http://127.0.0.1:9 cannot be used (BACKUP_S3_*)',
    );
    expect(scheduled(join(config.dataDir, 'backups'))).toEqual([run.name]);
    expect(await lastScheduledRun(config)).toEqual(run);
    expect(digest(config.database.file)).toBe(data);
  });

  it('records a backup that fails on a full disk and leaves no half-written archive', async () => {
    const config = shop('full-disk');
    const full = async (_c: unknown, file: string) => {
      await writeFile(file, 'half an archi');
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const run = await runScheduledBackup(config, new Date('2026-11-28T22:00:00Z'), full);
    expect(run).toEqual({
      at: '2026-11-28T22:00:00.000Z',
      ok: false,
      error: 'ENOSPC: no space left on device, write',
    });
    expect(scheduled(join(config.dataDir, 'backups'))).toEqual([]);
  });
});
