import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');

/**
 * Node's arguments and the environment for a server whose clock the journey moves on
 * (shifted-clock.mjs): write the milliseconds to `file`, then restart the server.
 */
export const shiftedClock = (file: string) => ({
  nodeArgs: ['--import', join(ROOT, 'e2e/support/shifted-clock.mjs')],
  env: { COURTSIDE_E2E_CLOCK_SHIFT: file },
});

export const ADMIN = {
  email: 'owner@courtside.test',
  password: 'owner-password-1',
  name: 'Shop Owner',
};

/** `port` if nothing listens on it now (0: any port, as the system hands them out), else null. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((ok) => {
    const s = createServer();
    s.unref();
    s.on('error', () => ok(null));
    s.listen(port, '127.0.0.1', () => {
      const address = s.address();
      const got = typeof address === 'object' && address ? address.port : null;
      s.close(() => ok(got));
    });
  });
}

/** The next port to try in E2E_PORTS ("4200-4249"), for a machine whose ports are shared out. */
let nextInRange = 0;

/**
 * A port nothing listens on now: from E2E_PORTS when set (each worker starting at its own
 * offset), else as the system hands them out.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.E2E_PORTS ?? '');
  if (!range) {
    const port = await tryPort(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  const [low, high] = [Number(range[1]), Number(range[2])];
  const span = high - low + 1;
  const offset = Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 7;
  for (let i = 0; i < span; i++) {
    const port = await tryPort(low + ((offset + nextInRange++) % span));
    if (port !== null) return port;
  }
  throw new Error(`no free port in E2E_PORTS ${process.env.E2E_PORTS}`);
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Where global-setup.ts leaves a seeded demo shop's data directory for servers to copy. */
export const DEMO_TEMPLATE_ENV = 'COURTSIDE_E2E_DEMO_TEMPLATE';

export interface ShopServer {
  url: string;
  dataDir: string;
  restart(): Promise<void>;
  /** Stops the process and keeps its data. */
  halt(): Promise<void>;
  /** Kills the process at once (SIGKILL), as a crash or a lost machine would. */
  kill(): Promise<void>;
  /** What the process has written (stdout and stderr) since it last started. */
  output(): string;
  /** The running process's id. */
  pid(): number;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build`) as a real process, on a free port and its own data: a copy
 * of the run's seeded demo shop when there is one (and the demo is not switched off), else
 * whatever a first start makes; or the data already in `options.dataDir`.
 */
export async function startShopServer(
  env: Record<string, string> = {},
  /** nodeArgs: given to Node before the server's file (a benchmark's `--cpu-prof`). */
  options: { dataDir?: string; nodeArgs?: string[] } = {},
): Promise<ShopServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'courtside-e2e-'));
  const template = process.env[DEMO_TEMPLATE_ENV];
  if (!options.dataDir && template && env.SEED_DEMO !== 'off') {
    cpSync(template, dataDir, { recursive: true });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let log = '';

  const launch = async () => {
    log = '';
    child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        // No nightly backup in a journey that runs past 03:00 Karachi time.
        BACKUP_TIME: 'off',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_NAME: ADMIN.name,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    await waitForHealth(url, child, () => log);
  };

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  const halt = () => end('SIGTERM');

  await launch();
  return {
    url,
    dataDir,
    async restart() {
      await halt();
      await launch();
    },
    halt,
    kill: () => end('SIGKILL'),
    output: () => log,
    pid: () => child.pid!,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One of the built server's commands (`courtside <name>`, as `npm run <name>` runs it) on a data
 * directory; its output, or the failure with it.
 */
export async function runCli(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'apps/server/dist/cli/courtside.js'), name, ...args],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
  );
  return stdout;
}
