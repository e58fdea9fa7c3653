import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The nginx configuration the project ships (README, "Running more than one server"). */
export const SHIPPED_CONFIG = join(ROOT, 'deploy/nginx/courtside.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The upstream servers and the listening port as the shipped file has them. */
const SHIPPED_UPSTREAMS = [
  /^(\s*server )127\.0\.0\.1:3001( .*)$/m,
  /^(\s*server )127\.0\.0\.1:3002( .*)$/m,
];
const SHIPPED_LISTEN = /^\s*listen 80;\n\s*listen \[::\]:80;$/m;

/**
 * The shipped configuration with nothing changed but its ports: nginx listens on 127.0.0.1:`port`
 * and balances over the servers on `upstreams` (one or two); with one, the second line goes.
 * Throws when the shipped file no longer has the lines it changes, so it never quietly tests
 * something else.
 */
export function siteConfig(port: number, upstreams: number[]): string {
  let text = readFileSync(SHIPPED_CONFIG, 'utf8');
  const missing = [...SHIPPED_UPSTREAMS, SHIPPED_LISTEN].filter((re) => !re.test(text));
  if (missing.length) throw new Error(`${SHIPPED_CONFIG} has no line matching ${missing[0]}`);
  if (upstreams.length < 1 || upstreams.length > 2) throw new Error('one or two upstream servers');
  SHIPPED_UPSTREAMS.forEach((re, i) => {
    const to = upstreams[i];
    text = text.replace(re, (_line, head: string, tail: string) =>
      to === undefined ? '' : `${head}127.0.0.1:${to}${tail}`,
    );
  });
  return text.replace(SHIPPED_LISTEN, `    listen 127.0.0.1:${port};`);
}

export interface Nginx {
  url: string;
  /** The access log: one line per request, `<status> <upstream addresses> <method> <uri>`. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx as an unprivileged process of its own: a main configuration in a temporary
 * folder (no daemon, pid, logs and temporary files there, one worker unless told otherwise)
 * that includes the shipped site configuration, ports changed (siteConfig).
 */
export async function startNginx(
  upstreams: number[],
  options: { port?: number; workers?: number | 'auto'; accessLog?: boolean } = {},
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'courtside-nginx-'));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  writeFileSync(join(dir, 'courtside.conf'), siteConfig(port, upstreams));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  for (const t of temp) mkdirSync(join(dir, t));
  const log = join(dir, 'access.log');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${options.workers ?? 1};`,
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      "  log_format upstreams '$status $upstream_addr $request_method $request_uri';",
      options.accessLog === false ? '  access_log off;' : `  access_log ${log} upstreams;`,
      ...temp.map((t) => `  ${t}_temp_path ${join(dir, t)};`),
      `  include ${join(dir, 'courtside.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const errors = () => {
    let text = output;
    try {
      text += readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      /* not written yet */
    }
    return text;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT'); // graceful: open connections are finished first
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url}: ${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    accessLog: () => {
      try {
        return readFileSync(log, 'utf8');
      } catch {
        return '';
      }
    },
    stop,
  };
}
