/**
 * `npm run bench -- api [--db sqlite|postgres] [--seconds N] [--rounds N] [--no-build]`: the
 * storefront's API reads beside a bare Fastify 5 that sends the very same bytes, in one run, and
 * the rate of orders placed by 50 signed-in customers at once.
 *
 * Reads (wrk, 50 connections, 2 threads): the home list (10 newest), a category page's list (24,
 * newest first), a title search and a product by id, against the built server with the demo shop.
 * Each round measures the shop, then the bare server, for each read; it prints the medians of
 * the rounds' requests per second and p99 latency, and the ratio shop / bare.
 *
 * Orders: 50 customers signed up and signed in, each placing cash-on-delivery orders of one pair
 * back to back for N seconds (products with stock enough, every order rule on, a customer's
 * pending pairs allowed up to 1,000), orders per second, median of the rounds; then checks that
 * stock went down by exactly the pairs ordered.
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  composeOrderAddress,
  encodeOrderLines,
  newOrderNumber,
  orderTotal,
  type Product,
} from '@courtside/shop';
import { createPostgresDatabase } from '../apps/server/test/support/databases.js';
import { runCli, startShopServer, type ShopServer } from '../e2e/support/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROJECT = { 'X-Appwrite-Project': 'courtside' };
const CUSTOMERS = 50;
/** Pairs of each product the orders take from: the most a product may hold. */
const STOCK = 100_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const option = (args: string[], name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};

/** The query string the Web SDK sends for these queries. */
const listPath = (queries: string[]) =>
  '/v1/databases/shop/collections/products/documents?' +
  queries
    .map((q, i) => `${encodeURIComponent(`queries[${i}]`)}=${encodeURIComponent(q)}`)
    .join('&');

interface Wrk {
  rps: number;
  p99: number;
  errors: number;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

function wrk(url: string, seconds: number): Wrk {
  const out = execFileSync(
    'wrk',
    ['-t2', '-c50', `-d${seconds}s`, '--latency', '-H', 'X-Appwrite-Project: courtside', url],
    { encoding: 'utf8' },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (!rps || !p99) throw new Error(`wrk said:\n${out}`);
  return { rps, p99: Number(p99[1]) * MS[p99[2]!]!, errors };
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

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
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

async function benchReads(server: ShopServer, seconds: number, rounds: number) {
  const paths = await readPaths(server.url);
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
    for (let round = 1; round <= rounds; round++) {
      for (const [name, path] of Object.entries(paths)) {
        const r = (results[name] ??= { shop: [], bare: [] });
        r.shop.push(wrk(server.url + path, seconds));
        r.bare.push(wrk(bare.url + path, seconds));
      }
      console.log(`round ${round} of ${rounds} done`);
    }
    console.log('\nread            shop req/s  p99 ms   bare req/s  p99 ms   shop/bare');
    for (const [name, r] of Object.entries(results)) {
      const shop = median(r.shop.map((x) => x.rps));
      const bareRps = median(r.bare.map((x) => x.rps));
      const errors = r.shop.reduce((n, x) => n + x.errors, 0);
      console.log(
        `${name.padEnd(15)} ${shop.toFixed(0).padStart(10)} ${median(r.shop.map((x) => x.p99))
          .toFixed(1)
          .padStart(7)}` +
          ` ${bareRps.toFixed(0).padStart(12)} ${median(r.bare.map((x) => x.p99))
            .toFixed(1)
            .padStart(7)}` +
          `   ${(shop / bareRps).toFixed(3)}x${errors ? `  (${errors} non-2xx!)` : ''}`,
      );
    }
  } finally {
    bare.child.kill();
  }
}

interface Customer {
  id: string;
  email: string;
  cookie: string;
}

async function signUp(shop: string, n: number): Promise<Customer> {
  const email = `bench.${n}.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'bench-password-1';
  const headers = { ...PROJECT, 'Content-Type': 'application/json' };
  const user = await json<{ $id: string }>(
    await fetch(`${shop}/v1/account`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userId: 'unique()', email, password, name: `Customer ${n}` }),
    }),
    'sign-up',
  );
  const session = await fetch(`${shop}/v1/account/sessions/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  await json(session, 'sign-in');
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('a_session_'))
    .join('; ');
  return { id: user.$id, email, cookie };
}

/** Products with pairs enough for the whole run, made with an API key as the owner's tools do. */
async function stockedProducts(server: ShopServer, env: Record<string, string>, count: number) {
  const out = await runCli(
    'admin',
    ['key', 'create', '--name', 'bench', '--scopes', 'documents.read,documents.write'],
    { DATA_DIR: server.dataDir, ...env },
  );
  const key = out
    .split('\n')
    .find((l) => /^[0-9a-f]{32,}$/i.test(l.trim()))
    ?.trim();
  if (!key) throw new Error(`no key in:\n${out}`);
  const { documents } = await json<{ documents: Product[] }>(
    await fetch(server.url + listPath(['limit(1)']), { headers: PROJECT }),
    'a product',
  );
  const model = documents[0]!;
  const made: Product[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${server.url}/v1/databases/shop/collections/products/documents`, {
      method: 'POST',
      headers: { ...PROJECT, 'X-Appwrite-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        documentId: 'unique()',
        data: {
          title: `Bench pair ${i}`,
          description: model.description,
          category: model.category,
          price: model.price,
          disc_price: 0,
          size: model.size,
          condition: model.condition,
          stoke: 'true',
          stock: STOCK,
          images: model.images,
        },
        permissions: ['read("any")'],
      }),
    });
    made.push(await json<Product>(res, 'stocked product'));
  }
  return { products: made, key };
}

async function placeOrders(
  shop: string,
  customers: Customer[],
  products: Product[],
  seconds: number,
): Promise<{ placed: number; failed: Map<string, number> }> {
  const until = performance.now() + seconds * 1000;
  let placed = 0;
  const failed = new Map<string, number>();
  await Promise.all(
    customers.map(async (c, n) => {
      while (performance.now() < until) {
        const product = products[(n + placed) % products.length]!;
        const line = { ...product, quantity: 1 };
        const street = '22 Abdullah Haroon Road';
        const order = {
          user_id: c.id,
          order_number: newOrderNumber(),
          User_name: `Customer ${n}`,
          address: composeOrderAddress({ address: street, city: 'Karachi' }),
          street,
          city: 'Karachi',
          etcaddress: '',
          phone: '03001234567',
          email: c.email,
          price: orderTotal([line], 'COD'),
          payment_type: 'COD',
          products: encodeOrderLines([line]),
        };
        const res = await fetch(`${shop}/v1/databases/shop/collections/orders/documents`, {
          method: 'POST',
          headers: { ...PROJECT, 'Content-Type': 'application/json', Cookie: c.cookie },
          body: JSON.stringify({ documentId: order.order_number, data: order }),
        });
        const text = await res.text();
        if (res.status === 201) placed++;
        else {
          const key = `${res.status} ${text.slice(0, 120)}`;
          failed.set(key, (failed.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { placed, failed };
}

async function benchOrders(
  server: ShopServer,
  env: Record<string, string>,
  seconds: number,
  rounds: number,
) {
  const { products, key } = await stockedProducts(server, env, 10);
  const customers: Customer[] = [];
  for (let n = 0; n < CUSTOMERS; n++) customers.push(await signUp(server.url, n));
  const rates: number[] = [];
  let total = 0;
  for (let round = 1; round <= rounds; round++) {
    const { placed, failed } = await placeOrders(server.url, customers, products, seconds);
    total += placed;
    rates.push(placed / seconds);
    console.log(
      `round ${round}: ${placed} orders in ${seconds} s (${(placed / seconds).toFixed(0)}/s)`,
    );
    for (const [why, n] of failed) console.log(`  refused ${n} x ${why}`);
  }
  let left = 0;
  for (const p of products) {
    const res = await fetch(
      `${server.url}/v1/databases/shop/collections/products/documents/${p.$id}`,
      {
        headers: { ...PROJECT, 'X-Appwrite-Key': key },
      },
    );
    left += (await json<Product>(res, 'product')).stock;
  }
  const exact = products.length * STOCK - left === total;
  console.log(
    `orders placed by ${CUSTOMERS} customers at once: median ${median(rates).toFixed(0)}/s; ` +
      `stock down by ${products.length * STOCK - left} for ${total} orders (${exact ? 'exact' : 'NOT EXACT'})`,
  );
}

export default async function main(args: string[]): Promise<void> {
  const db = option(args, '--db', 'sqlite');
  const seconds = Number(option(args, '--seconds', '5'));
  const rounds = Number(option(args, '--rounds', '3'));
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  // Each customer may hold up to 1,000 pairs in pending orders here (the shop's default is 3, the
  // limit against a hoarder): 50 customers placing orders back to back would reach 3 at once.
  const env: Record<string, string> = { LOG_LEVEL: 'silent', PENDING_PAIRS_PER_CUSTOMER: '1000' };
  const pgDb = db === 'postgres' ? await createPostgresDatabase() : null;
  if (pgDb) env.DATABASE_URL = pgDb.url;
  const server = await startShopServer(env);
  try {
    console.log(`Courtside (${db}) at ${server.url}; Node ${process.version}`);
    await benchReads(server, seconds, rounds);
    console.log('');
    await benchOrders(server, env, seconds, rounds);
  } finally {
    await server.stop();
    await pgDb?.drop();
  }
}
