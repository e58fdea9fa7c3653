import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, readDotEnv } from '../../src/config.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;

afterEach(() => {
  delete process.env.COURTSIDE_TEST_FROM_FILE;
  delete process.env.COURTSIDE_TEST_KEPT;
});

describe('.env', () => {
  it('is read when present, and a variable already set wins over it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dotenv-')), '.env');
    writeFileSync(file, 'COURTSIDE_TEST_FROM_FILE=file\nCOURTSIDE_TEST_KEPT=file\n');
    process.env.COURTSIDE_TEST_KEPT = 'environment';
    expect(readDotEnv(file)).toBe(true);
    expect(process.env.COURTSIDE_TEST_FROM_FILE).toBe('file');
    expect(process.env.COURTSIDE_TEST_KEPT).toBe('environment');
    expect(readDotEnv(join(tmpdir(), 'no-such-dir', '.env'))).toBe(false);
  });

  it('.env.example names every variable the configuration reads', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const named = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((v) => !named.has(v))).toEqual([]);
  });
});
