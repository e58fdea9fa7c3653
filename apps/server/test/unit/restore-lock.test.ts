import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holdShopData } from '../../src/backup/hold.js';
import { RESTORE_LOCK, restoreHolder, takeRestoreLock } from '../../src/backup/restore-lock.js';
import { runningServers } from '../../src/backup/running.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'restore-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A logger that keeps what it is told. */
const logger = () => {
  const said: string[] = [];
  const log = { warn: (_: unknown, message: string) => said.push(message) };
  return { said, log: log as never };
};

describe('the restore lock file (DATA_DIR/restore.lock)', () => {
  it('is taken by one restore at a time, naming the one that holds it', () => {
    const dir = dataDir();
    const release = takeRestoreLock(dir);
    expect(readFileSync(join(dir, RESTORE_LOCK), 'utf8')).toMatch(
      new RegExp(`^${hostname()} ${process.pid} `),
    );
    expect(() => takeRestoreLock(dir)).toThrow(
      new RegExp(`Another restore is under way \\(pid ${process.pid} on ${hostname()}\\)`),
    );
    release();
    expect(existsSync(join(dir, RESTORE_LOCK))).toBe(false);
    takeRestoreLock(dir)();
  });

  it('takes over the lock of a restore that died on this machine', () => {
    const dir = dataDir();
    writeFileSync(join(dir, RESTORE_LOCK), `${hostname()} 999999999 2026-11-28T00:00:00Z\n`);
    expect(restoreHolder(dir)).toBeNull();
    writeFileSync(join(dir, RESTORE_LOCK), `${hostname()} 999999999 2026-11-28T00:00:00Z\n`);
    const release = takeRestoreLock(dir);
    expect(restoreHolder(dir)).toEqual({ host: hostname(), pid: process.pid });
    release();
  });

  it("counts another machine's lock, or one it cannot read, as held", () => {
    const dir = dataDir();
    writeFileSync(join(dir, RESTORE_LOCK), 'elsewhere 999999999 2026-11-28T00:00:00Z\n');
    expect(restoreHolder(dir)).toEqual({ host: 'elsewhere', pid: 999999999 });
    writeFileSync(join(dir, RESTORE_LOCK), '');
    expect(restoreHolder(dir)).toEqual({ host: 'an unknown host', pid: 0 });
    expect(() => takeRestoreLock(dir)).toThrow(/Another restore is under way/);
  });
});

describe('a starting server and the restore lock', () => {
  const sqlite = (dir: string, waitSeconds: number) => ({
    dataDir: dir,
    database: { kind: 'sqlite' as const, file: join(dir, 'courtside.db') },
    restoreWaitSeconds: waitSeconds,
  });

  it('marks DATA_DIR as in use while it runs when no restore is under way', async () => {
    const dir = dataDir();
    const release = await holdShopData(sqlite(dir, 0), logger().log);
    expect(runningServers(dir).map((s) => s.pid)).toEqual([process.pid]);
    await release();
    expect(runningServers(dir)).toEqual([]);
  });

  it('waits for a restore, saying why, and starts once it ends', async () => {
    const dir = dataDir();
    const releaseLock = takeRestoreLock(dir);
    const { said, log } = logger();
    let held = false;
    const holding = holdShopData(sqlite(dir, 30), log).then((release) => {
      held = true;
      return release;
    });
    await new Promise((r) => setTimeout(r, 1200));
    expect(held).toBe(false);
    // It does not keep a mark while it waits: the restore would see a running shop.
    expect(runningServers(dir)).toEqual([]);
    expect(said[0]).toMatch(/a restore of the shop is under way: waiting/);
    releaseLock();
    await (
      await holding
    )();
    expect(held).toBe(true);
  });

  it('refuses to start when the restore outlasts the wait', async () => {
    const dir = dataDir();
    const releaseLock = takeRestoreLock(dir);
    await expect(holdShopData(sqlite(dir, 1), logger().log)).rejects.toThrow(
      new RegExp(
        `A restore of the shop is under way \\(pid ${process.pid} on .+, holding .+restore\\.lock\\); ` +
          'this server waited 1 s \\(RESTORE_WAIT_SECONDS\\) and does not start',
      ),
    );
    expect(runningServers(dir)).toEqual([]);
    releaseLock();
  });
});
