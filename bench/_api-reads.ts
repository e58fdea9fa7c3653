/**
 * The reads half of `npm run bench -- api`: each storefront read against the shop, then against a
 * bare Fastify sending the very bytes the shop sent, round after round.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Product } from '@courtside/shop';
import type { ShopServer } from '../e2e/support/server.js';
import { cpuMs, json, listPath, median, PROJECT, readWrk, signUp } from './_api-tools.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Wrk {
  rps: number;
  p99: number;
  errors: number;
  requests: number;
  /** The server's CPU per request, in µs. */
  cpuUs?: number;
}

/** A wrk run with the CPU time the server at `pid` spent on it, per request. */
function measured(pid: number, run: () => Wrk): Wrk {
  const before = cpuMs(pid);
  const result = run();
  return { ...result, cpuUs: ((cpuMs(pid) - before) * 1000) / result.requests };
}

function wrk(url: string, seconds: number, cookie = ''): Wrk {
  const headers = [
    '-H',
    'X-Appwrite-Project: courtside',
    ...(cookie ? ['-H', `Cookie: ${cookie}`] : []),
  ];
  return readWrk(
    execFileSync('wrk', ['-t2', '-c50', `-d${seconds}s`, '--latency', ...headers, url], {
      encoding: 'utf8',
    }),
  );
}

async function startBare(file: string): Promise<{ url: string; child: ChildProcess }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bench/_bare-fastify.mjs'), file, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((ready, fail) => {
    child.stdout!.once('data', () => ready());
    child.once('exit', (code) => fail(new Error(`bare Fastify exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** The reads a storefront visitor's phone makes, as paths on the shop. */
async function readPaths(shop: string): Promise<Record<string, string>> {
  const home = listPath(['limit(10)', 'orderDesc("$createdAt")']);
  const { documents } = await json<{ documents: Product[] }>(
    await fetch(shop + listPath(['limit(100)']), { headers: PROJECT }),
    'products',
  );
  const first = documents[0]!;
  // The line with the most pairs, so the category page's list is a full one.
  const count = new Map<string, number>();
  for (const p of documents) count.set(p.category, (count.get(p.category) ?? 0) + 1);
  const line = [...count].sort((a, b) => b[1] - a[1])[0]![0];
  return {
    'home list': home,
    'category list': listPath([
      `equal("category", ["${line}"])`,
      'orderDesc("$createdAt")',
      'limit(24)',
    ]),
    'title search': listPath(['search("title", ["jordan"])', 'limit(24)']),
    'product by id': `/v1/databases/shop/collections/products/documents/${first.$id}`,
  };
}

/**
 * The reads a guest repeats are answered from kept reads (apps/server/src/http/kept-reads.ts);
 * a signed-in customer's go through the whole API (session, pipeline, route), and are measured
 * too, as this row: the same product, asked for with a customer's session cookie.
 */
const SIGNED_IN = 'product by id, signed in';

export async function benchReads(server: ShopServer, seconds: number, rounds: number) {
  const paths = await readPaths(server.url);
  const { cookie } = await signUp(server.url, 0);
  const recorded = [];
  for (const path of Object.values(paths)) {
    const res = await fetch(server.url + path, { headers: PROJECT });
    const body = Buffer.from(await res.arrayBuffer());
    recorded.push({
      path,
      status: res.status,
      type: res.headers.get('content-type') ?? 'application/json',
      body: body.toString('base64'),
    });
    console.log(`${path.slice(0, 90)}: ${res.status}, ${body.length} bytes`);
  }
  const file = join(mkdtempSync(join(tmpdir(), 'bench-api-')), 'recorded.json');
  writeFileSync(file, JSON.stringify(recorded));
  const bare = await startBare(file);
  try {
    const results: Record<string, { shop: Wrk[]; bare: Wrk[] }> = {};
    const runs: [string, string, string][] = [
      ...Object.entries(paths).map(([name, path]): [string, string, string] => [name, path, '']),
      [SIGNED_IN, paths['product by id']!, cookie],
    ];
    for (let round = 1; round <= rounds; round++) {
      for (const [name, path, withCookie] of runs) {
        const r = (results[name] ??= { shop: [], bare: [] });
        r.shop.push(measured(server.pid(), () => wrk(server.url + path, seconds, withCookie)));
        r.bare.push(measured(bare.child.pid!, () => wrk(bare.url + path, seconds)));
      }
      console.log(`round ${round} of ${rounds} done`);
    }
    console.log(
      '\nread                       shop req/s  p99 ms   bare req/s  p99 ms   shop/bare   CPU µs/req shop, bare',
    );
    for (const [name, r] of Object.entries(results)) {
      const shop = median(r.shop.map((x) => x.rps));
      const bareRps = median(r.bare.map((x) => x.rps));
      const errors = r.shop.reduce((n, x) => n + x.errors, 0);
      console.log(
        `${name.padEnd(26)} ${shop.toFixed(0).padStart(10)} ${median(r.shop.map((x) => x.p99))
          .toFixed(1)
          .padStart(7)}` +
          ` ${bareRps.toFixed(0).padStart(12)} ${median(r.bare.map((x) => x.p99))
            .toFixed(1)
            .padStart(7)}` +
          `   ${(shop / bareRps).toFixed(3)}x` +
          `   ${median(r.shop.map((x) => x.cpuUs!)).toFixed(0)}, ${median(r.bare.map((x) => x.cpuUs!)).toFixed(0)}` +
          `${errors ? `  (${errors} non-2xx!)` : ''}`,
      );
    }
  } finally {
    bare.child.kill();
  }
}
