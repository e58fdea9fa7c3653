/**
 * `npm run bench -- signup-timing [tries] [sqlite|postgres ...] [--port N]`: how long a sign-up
 * (POST /v1/account) takes for an address that already has an account and for a new one, on
 * SQLite and PostgreSQL (both by default). Each try of one kind is followed by a try of the
 * other, so a busy moment of the machine falls on both alike; it prints the medians of each
 * kind and known / new. The two should be indistinguishable (docs/limits.md "Passwords and
 * sign-in"): a ratio far from 1 tells an attacker which addresses are customers'.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createPostgresDatabase } from '../apps/server/test/support/databases.js';
import { median, PROJECT } from './_api-tools.js';

const WARM_UP = 20;

async function timedSignUp(origin: string, email: string, n: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${origin}/v1/account`, {
    method: 'POST',
    headers: { ...PROJECT, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: 'unique()', email, password: `try-password-${n}`, name: 'T' }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
  return ms;
}

async function measure(db: 'sqlite' | 'postgres', tries: number, port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtside-bench-signup-'));
  const webDir = join(dataDir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
  const pg = db === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    SEED_DEMO: 'off',
    WEB_DIR: webDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  const app = await buildApp(config);
  try {
    await app.server.listen({ port, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${port}`;
    const known = 'known.customer@example.com';
    await timedSignUp(origin, known, 0);
    const times = { known: [] as number[], new: [] as number[] };
    for (let n = 1; n <= WARM_UP + tries; n++) {
      // Turn about which goes first, so neither always follows the other.
      const order = n % 2 ? (['known', 'new'] as const) : (['new', 'known'] as const);
      for (const kind of order) {
        const email = kind === 'known' ? known : `new.${db}.${n}@example.com`;
        const ms = await timedSignUp(origin, email, n);
        if (n > WARM_UP) times[kind].push(ms);
      }
    }
    const k = median(times.known);
    const f = median(times.new);
    console.log(
      `${db.padEnd(8)} ${tries} tries each: known ${k.toFixed(2)} ms, new ${f.toFixed(2)} ms (medians), known / new ${(k / f).toFixed(3)}`,
    );
  } finally {
    await app.server.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function main(args: string[]): Promise<void> {
  const at = args.indexOf('--port');
  const port = at >= 0 ? Number(args[at + 1]) : 4231;
  const rest = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
  const tries = Number(rest.find((a) => /^\d+$/.test(a)) ?? 200);
  const dbs = rest.filter((a): a is 'sqlite' | 'postgres' => a === 'sqlite' || a === 'postgres');
  console.log(`Sign-up, known address vs new one; Node ${process.version}`);
  for (const db of dbs.length ? dbs : (['sqlite', 'postgres'] as const)) {
    await measure(db, tries, port);
  }
}
