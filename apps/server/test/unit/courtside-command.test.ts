import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `courtside`, the package's `bin`, as an install runs it: plain node on the built files
 * (dist/, as `tsc -b apps/server` leaves them), no loader, no `source` condition and a PATH
 * without node_modules/.bin, so nothing could compile TypeScript on the way.
 */
const entry = resolve(import.meta.dirname, '../../dist/cli/courtside.js');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'courtside-command-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function courtside(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const env = { PATH: '/usr/bin:/bin', HOME: dir, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' };
  return new Promise((done) => {
    // cwd: a folder with no .env of the repository's.
    execFile(process.execPath, [entry, ...args], { cwd: dir, env }, (error, out, err) =>
      done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** Every file of the data folder with a digest of its bytes. */
function dataFiles(): Record<string, string> {
  const data = join(dir, 'data');
  const files = readdirSync(data, { recursive: true, withFileTypes: true }).filter((f) =>
    f.isFile(),
  );
  return Object.fromEntries(
    files.map((f) => {
      const path = join(f.parentPath, f.name);
      return [relative(data, path), createHash('sha256').update(readFileSync(path)).digest('hex')];
    }),
  );
}

describe('courtside, from the built files', () => {
  it('is built (npx tsc -b apps/server)', () => {
    expect(existsSync(entry)).toBe(true);
    expect(readFileSync(entry, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('lists its commands on --help', async () => {
    const run = await courtside('--help');
    expect(run.code).toBe(0);
    for (const name of ['admin', 'backup', 'restore', 'import', 'seed']) {
      expect(run.out).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });

  it('refuses a command or an option it does not know, saying so, with a non-zero exit', async () => {
    const none = await courtside('bakup');
    expect(none.code).toBe(2);
    expect(none.err).toContain('courtside has no command "bakup"');
    const option = await courtside('backup', '--outt', 'x.tar.gz');
    expect(option.code).toBe(2);
    expect(option.err).toContain("Unknown option '--outt'");
    expect(option.err).toContain('courtside backup --help');
    const seed = await courtside('seed', 'now');
    expect(seed.code).toBe(2);
    expect(seed.err).toContain('Usage: courtside seed');
  });

  it('makes an owner, backs the shop up, and refuses a damaged archive leaving the data', async () => {
    const owner = ['admin', 'create', '--email', 'owner@example.pk', '--password', 'owner-pass-9'];
    expect(await courtside(...owner)).toMatchObject({
      code: 0,
      out: expect.stringContaining('Created'),
    });

    const archive = join(dir, 'out', 'shop.tar.gz');
    const backup = await courtside('backup', '--out', archive);
    expect(backup).toMatchObject({ code: 0, out: `Backed up the shop to ${archive}\n` });
    expect(existsSync(archive)).toBe(true);

    const damaged = join(dir, 'damaged.tar.gz');
    writeFileSync(damaged, readFileSync(archive).subarray(0, 200));
    const before = dataFiles();
    const restore = await courtside('restore', damaged, '--yes');
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('is not a whole Courtside backup');
    expect(restore.err).toContain('nothing was changed');
    expect(dataFiles()).toEqual(before);
  });
});
