/**
 * `npm run bench -- cluster [--seconds N] [--rounds N] [--connections N] [--no-build]`: what a
 * second server buys behind nginx (README, "Running more than one server"). Starts the cluster of
 * the e2e suite (e2e/support/cluster.ts: PostgreSQL, Redis, s3rver, servers with their own data
 * folders) with the demo shop, and two nginx processes with the shipped configuration
 * (deploy/nginx/courtside.conf, ports changed): one with a single server upstream, one with both.
 * wrk (/usr/bin/wrk) then loads the home page's product list call (the SDK's New arrivals query)
 * and the home page's HTML through each, one server at a time alternating with two, in rounds;
 * the same against one server directly shows what nginx costs. Prints each median of the rounds
 * (requests per second) and the ratios two servers / one server.
 *
 * Every process (wrk, nginx, the servers, PostgreSQL, Redis) shares this machine's cores, so the
 * ratio is what the machine allows, not what two machines would: `nproc` is printed beside it.
 */
import { execFileSync, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../e2e/support/cluster.js';
import { startNginx, type Nginx } from '../e2e/support/nginx.js';
import { newArrivalsPath, PROJECT_HEADERS } from '../e2e/support/shop-api.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function arg(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

/** Clock ticks the machine has spent busy and in all, since boot (/proc/stat). */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - n[3]! - n[4]!, total }; // idle and iowait aside
}

/** Clock ticks a process has run (user and system), since it started. */
function processTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

interface Window {
  rps: number;
  /** The machine's cores busy (all processes, this bench's and anyone's), 0 to 100 %. */
  machine: number;
  /** The shop servers' CPU, in % of one core (100 = one core's worth). */
  servers: number;
}

/** wrk for one window, with what the machine and the servers spent meanwhile. */
function measure(run: () => number, pids: number[]): Window {
  const m0 = machineTicks();
  const p0 = pids.map(processTicks);
  const rps = run();
  const m1 = machineTicks();
  const p1 = pids.map(processTicks);
  const elapsed = (m1.total - m0.total) / cpus().length; // ticks of one core
  const servers = p1.reduce((sum, t, i) => sum + t - p0[i]!, 0);
  return {
    rps,
    machine: (100 * (m1.busy - m0.busy)) / (m1.total - m0.total),
    servers: (100 * servers) / elapsed,
  };
}

/**
 * One wrk run: requests per second. Throws when an answer was not 2xx or a socket failed (an
 * answer taking over 10 s counts as failed), unless `warmUp`.
 */
function wrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  warmUp = false,
) {
  const out = execFileSync(
    WRK,
    [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      url,
    ],
    { encoding: 'utf8' },
  );
  if (warmUp) return 0;
  const bad = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (bad) throw new Error(`${url}: ${bad[1]} answers were not 2xx\n${out}`);
  const errors = /Socket errors: (.*)/.exec(out);
  if (errors) throw new Error(`${url}: socket errors (${errors[1]})\n${out}`);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!rps) throw new Error(`wrk said:\n${out}`);
  return Number(rps[1]);
}

export default async function main(args: string[]): Promise<void> {
  const seconds = arg(args, '--seconds', 8);
  const rounds = arg(args, '--rounds', 3);
  const connections = arg(args, '--connections', 32);
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });

  console.log('starting PostgreSQL database, s3rver, two servers (the first seeds the demo shop)');
  const cluster = await startCluster({
    env: { SEED_DEMO: 'on', LOG_LEVEL: 'warn', RATE_LIMITS: 'off' },
    nginx: { workers: 'auto', accessLog: false },
  });
  const nginx: Record<string, Nginx> = {};
  try {
    const [a, b] = cluster.servers;
    const port = (u: string) => Number(new URL(u).port);
    nginx.one = await startNginx([port(a!.url)], { workers: 'auto', accessLog: false });
    nginx.two = cluster.nginx;
    const targets = {
      'product list': {
        path: newArrivalsPath(),
        headers: { ...PROJECT_HEADERS, Accept: 'application/json' },
      },
      'home page': {
        path: '/',
        headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' },
      },
    };
    const setups = {
      direct: { base: a!.url, pids: [a!.pid()] },
      one: { base: nginx.one.url, pids: [a!.pid()] },
      two: { base: nginx.two.url, pids: [a!.pid(), b!.pid()] },
    };
    type Setup = keyof typeof setups;
    console.log(
      `${cpus().length} cores; wrk -t2 -c${connections}, ${seconds} s windows, ${rounds} rounds; ` +
        'cpu: the machine busy (every process), servers: the shop servers in % of one core',
    );
    const show = (w: Window) =>
      `${w.rps.toFixed(0)} req/s (cpu ${w.machine.toFixed(0)}%, servers ${w.servers.toFixed(0)}%)`;
    for (const [name, t] of Object.entries(targets)) {
      // Warm-up: every server renders and keeps the page, its connections open.
      for (const { base } of Object.values(setups)) {
        wrk(`${base}${t.path}`, t.headers, 2, connections, true);
      }
      const got: Record<Setup, Window[]> = { direct: [], one: [], two: [] };
      for (let r = 0; r < rounds; r++) {
        for (const [setup, { base, pids }] of Object.entries(setups) as [
          Setup,
          (typeof setups)[Setup],
        ][]) {
          const run = () => wrk(`${base}${t.path}`, t.headers, seconds, connections);
          got[setup].push(measure(run, pids));
        }
        console.log(
          `  ${name}, round ${r + 1}: ` +
            Object.entries(got)
              .map(([k, v]) => `${k} ${show(v.at(-1)!)}`)
              .join(', '),
        );
      }
      const m = Object.fromEntries(
        Object.entries(got).map(([k, v]) => [
          k,
          {
            rps: median(v.map((w) => w.rps)),
            machine: median(v.map((w) => w.machine)),
            servers: median(v.map((w) => w.servers)),
          },
        ]),
      ) as Record<Setup, Window>;
      console.log(`${name}, medians of ${rounds}:`);
      console.log(`  one server, directly        ${show(m.direct)}`);
      console.log(`  one server, through nginx   ${show(m.one)}`);
      console.log(`  two servers, through nginx  ${show(m.two)}`);
      console.log(
        `  two / one ${(m.two.rps / m.one.rps).toFixed(2)}x; nginx / direct ` +
          `${(m.one.rps / m.direct.rps).toFixed(2)}x`,
      );
    }
  } finally {
    await nginx.one?.stop();
    await cluster.stop();
  }
}
