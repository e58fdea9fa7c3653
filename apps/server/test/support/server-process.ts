import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const BUILD_INFO = join(ROOT, 'apps/server/tsconfig.tsbuildinfo');
const SOURCES = [join(ROOT, 'apps/server/src'), join(ROOT, 'packages/shop/src')];

function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.(ts|json)$/.test(e.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  SOURCES.forEach(walk);
  return newest;
}

const fresh = () =>
  existsSync(MAIN) && existsSync(BUILD_INFO) && statSync(BUILD_INFO).mtimeMs >= newestSource();

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * apps/server/dist as the sources are now: `npm test` builds it in typecheck before the
 * integration tests; a test run on its own builds it here (`tsc -b apps/server`), one test
 * worker at a time.
 */
export function ensureServerBuilt(): void {
  if (fresh()) return;
  const lock = join(tmpdir(), `courtside-build-${createHash('sha1').update(ROOT).digest('hex')}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (since < Date.now() - 300_000) {
        rmSync(lock, { recursive: true, force: true }); // left by a killed run
      }
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock}`);
      sleep(200);
    }
  }
  try {
    if (fresh()) return;
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    execFileSync(process.execPath, [tsc, '-b', 'apps/server'], { cwd: ROOT, stdio: 'pipe' });
  } catch (e) {
    const out = e as { stdout?: Buffer; message: string };
    throw new Error(`building apps/server failed: ${out.stdout?.toString() ?? out.message}`, {
      cause: e,
    });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  endpoint: string;
  origin: string;
  pid: number;
  /** What the process has written to stderr so far. */
  stderr(): string;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  close(): Promise<void>;
}

export interface SpawnOptions {
  startTimeoutMs?: number;
  /** Called once the process is spawned, before it is healthy: its origin and its output so far. */
  onStart?: (origin: string, output: () => string) => void;
}

/** `node apps/server/dist/main.js` with this environment, on a free port, once healthy. */
export async function spawnServer(
  env: Record<string, string>,
  { startTimeoutMs = 60_000, onStart }: SpawnOptions = {},
): Promise<ServerProcess> {
  ensureServerBuilt();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let errors = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    log += d.toString();
    errors += d.toString();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  onStart?.(origin, () => log);
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited early:\n${log}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint: `${origin}/v1`,
    origin,
    pid: child.pid!,
    stderr: () => errors,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
