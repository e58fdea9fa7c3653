/**
 * `npm run bench -- documents [sqlite|postgres] [sizes...]`: seeds the shop's products (100,000
 * and 1,000 by default) through the databases module's bulk path, then times the storefront's
 * queries through the HTTP server as the SDK sends them, and prints median and p99 per query
 * with the ratio between the largest and the smallest size. List totals are remembered until
 * the next write; each list is also timed with a write recorded before every request, so its
 * total is counted afresh.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { linesOfBrand, unitPrice } from '@courtside/shop';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

const PG_ADMIN = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BRANDS = [
  'Air Jordan',
  'Nike Kobe',
  'Nike LeBron',
  'Adidas Harden',
  'Puma MB',
  'Under Armour Curry',
  'New Balance Kawhi',
  'Anta KT',
  'Li-Ning Way of Wade',
  'Converse Shai',
];
const COLOURS = [
  'Bred',
  'Chicago',
  'Panda',
  'Royal',
  'Shadow',
  'Mocha',
  'Obsidian',
  'Volt',
  'Grinch',
  'Mamba',
  'Lakers',
  'Celtics',
  'Sunset',
  'Aqua',
  'Infrared',
  'Cement',
  'Oreo',
  'Bordeaux',
  'Ember',
  'Glacier',
];
const CATEGORIES = [
  'adidas',
  'jordan',
  'dame',
  'kd',
  'kobe',
  'kyrie',
  'lebron',
  'wade',
  'nike',
  'pg',
  'freak',
  'puma',
];
/** EUR sizes, half sizes included: each pre-loved pair is one of them. */
const SIZES = [40, 40.5, 41, 42, 42.5, 43, 44, 44.5, 45, 46];
const ITERATIONS = 300;

/**
 * A number in [0, m) that looks random but is the same every run, drawn apart for each `salt`, so
 * a product's size, price and condition do not follow its category (as `n % 12` and `n % 4`
 * would: every Kobe would then be the same size).
 */
function mix(n: number, salt: number, m: number): number {
  let h = Math.imul(n ^ Math.imul(salt, 0x9e3779b9), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % m;
}

/** Price, a discount on every fourth pair, and the sale price the product rules would keep. */
function prices(n: number) {
  const price = 10_000 + mix(n, 1, 50) * 1000;
  const discPrice = mix(n, 2, 4) === 0 ? price - 2_000 : 0;
  return { price, disc_price: discPrice, sale_price: unitPrice({ price, disc_price: discPrice }) };
}

interface Target {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function target(kind: string): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtside-bench-'));
  const base = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    SEED_DEMO: 'off',
    WEB_DIR: join(dataDir, 'no-web'),
  };
  if (kind !== 'postgres')
    return { env: base, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `courtside_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: url.href },
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seed(app: App, count: number) {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const BATCH = 5000;
  for (let i = 0; i < count; i += BATCH) {
    const items = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => {
      const n = i + j;
      return {
        documentId: `p${n}`,
        // Listed: shoppers read it (a draft's are the owner's alone).
        permissions: ['read("any")'],
        $createdAt: new Date(start + n * 60_000).toISOString().replace('Z', '+00:00'),
        data: {
          title: `${BRANDS[n % BRANDS.length]} ${(n % 13) + 1} ${COLOURS[(n * 7) % COLOURS.length]}`,
          description: 'Pre-loved, clean soles, original box.',
          category: CATEGORIES[n % CATEGORIES.length],
          ...prices(n),
          size: SIZES[mix(n, 3, SIZES.length)],
          condition: 7 + mix(n, 4, 7) * 0.5,
          stoke: mix(n, 5, 3) === 0 ? 'false' : 'true',
          stock: 1,
          // The server keeps it from the orders; a few pairs of every hundred have sold.
          sold: mix(n, 6, 37) === 0 ? 1 + mix(n, 7, 5) : 0,
        },
      };
    });
    await app.databases.importDocuments!('shop', 'products', items);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Median and p99 of one query. `before` runs untimed before each request: the cold pass uses
 * it to record a write, so the list's total is counted again instead of remembered.
 */
async function time(
  url: string,
  before: () => Promise<unknown> = async () => undefined,
): Promise<{ median: number; p99: number }> {
  const headers = { 'X-Appwrite-Project': 'courtside' };
  const once = async () => {
    await before();
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${res.status} for ${url}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 30; i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) samples.push(await once());
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99) };
}

const qs = (queries: string[]) =>
  queries.map((q, i) => `queries[${i}]=${encodeURIComponent(q)}`).join('&');

const QUERIES: Record<string, (n: number) => string> = {
  'list stoke=true newest 10': () =>
    `?${qs(['equal("stoke", ["true"])', 'orderDesc("$createdAt")', 'limit(10)'])}`,
  'category newest 10': () =>
    `?${qs(['equal("category", ["kobe"])', 'orderDesc("$createdAt")', 'limit(10)'])}`,
  'title search "kobe"': () => `?${qs(['search("title", ["kobe"])', 'limit(10)'])}`,
  'title search "mamba kobe" newest': () =>
    `?${qs(['search("title", ["mamba kobe"])', 'orderDesc("$createdAt")', 'limit(10)'])}`,
  'search "jordan 1" best match first': () =>
    `?${qs(['search("title", ["jordan 1"])', 'limit(24)'])}`,
  // The storefront's category page with filters (apps/web/src/entities/browse): a line, in stock,
  // one EUR size, a price range, cheapest first, a page of 24.
  'category+stock+size+price by price': () =>
    `?${qs([
      'equal("category", ["kobe"])',
      'equal("stoke", ["true"])',
      'equal("size", [43])',
      'greaterThanEqual("sale_price", 15000)',
      'lessThanEqual("sale_price", 40000)',
      'orderAsc("sale_price")',
      'limit(24)',
    ])}`,
  'brand (8 lines) newest': () =>
    `?${qs([
      `equal("category", [${linesOfBrand('nike')
        .map((l) => `"${l}"`)
        .join(', ')}])`,
      'orderDesc("$createdAt")',
      'limit(24)',
    ])}`,
  'brand (8 lines)+size by price': () =>
    `?${qs([
      `equal("category", [${linesOfBrand('nike')
        .map((l) => `"${l}"`)
        .join(', ')}])`,
      'equal("size", [43])',
      'orderAsc("sale_price")',
      'limit(24)',
    ])}`,
  'all shoes best selling': () =>
    `?${qs(['orderDesc("sold")', 'orderDesc("$createdAt")', 'limit(24)'])}`,
  'all shoes size by price high-low': () =>
    `?${qs(['equal("size", [44.5])', 'orderDesc("sale_price")', 'limit(24)'])}`,
  'get by id': (n) => `/p${Math.floor(n / 2)}`,
};

export default async function documentsBench(args: string[]): Promise<void> {
  const kind = args.includes('postgres') ? 'postgres' : 'sqlite';
  const sizes = args.filter((a) => /^\d+$/.test(a)).map(Number);
  const results = new Map<number, Map<string, { median: number; p99: number }>>();
  for (const size of sizes.length ? sizes : [1_000, 100_000]) {
    const t = await target(kind);
    const app = await buildApp(loadConfig(t.env));
    try {
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const seedStart = performance.now();
      await seed(app, size);
      console.log(
        `[${kind}] seeded ${size.toLocaleString('en-US')} products in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
      );
      const base = `http://127.0.0.1:${port}/v1/databases/shop/collections/products/documents`;
      const row = new Map<string, { median: number; p99: number }>();
      const written = () =>
        sql`UPDATE databases_collections SET writes = writes + 1`.execute(app.db.kysely);
      for (const [name, path] of Object.entries(QUERIES)) {
        const r = await time(`${base}${path(size)}`);
        row.set(name, r);
        const cold = name.startsWith('get') ? null : await time(`${base}${path(size)}`, written);
        console.log(
          `  ${name.padEnd(36)} median ${r.median.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms${
            cold
              ? `   (total counted afresh: median ${cold.median.toFixed(2)} ms, p99 ${cold.p99.toFixed(2)} ms)`
              : ''
          }`,
        );
      }
      results.set(size, row);
    } finally {
      await app.server.close();
      await t.drop();
    }
  }
  const ordered = [...results.keys()].sort((a, b) => a - b);
  if (ordered.length >= 2) {
    const small = results.get(ordered[0]!)!;
    const large = results.get(ordered.at(-1)!)!;
    console.log(
      `\n[${kind}] ratio of medians, ${ordered.at(-1)!.toLocaleString('en-US')} vs ${ordered[0]!.toLocaleString('en-US')}:`,
    );
    for (const [name, r] of large) {
      console.log(`  ${name.padEnd(36)} ${(r.median / small.get(name)!.median).toFixed(2)}x`);
    }
  }
}
