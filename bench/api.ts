/**
 * `npm run bench -- api [--db sqlite|postgres] [--seconds N] [--rounds N] [--only reads|orders]
 * [--cpu-prof DIR] [--no-build]`: the
 * storefront's API reads beside a bare Fastify 5 that sends the very same bytes, in one run, and
 * the rate of orders placed by 50 signed-in customers at once.
 *
 * Reads (wrk, 50 connections, 2 threads): the home list (10 newest), a category page's list (24,
 * newest first), a title search and a product by id, against the built server with the demo shop.
 * Each round measures the shop, then the bare server, for each read; it prints the medians of
 * the rounds' requests per second and p99 latency, and the ratio shop / bare.
 *
 * Orders: 500 customers signed up and signed in; wrk keeps 50 connections busy placing their
 * cash-on-delivery orders of one pair each, by turns, for N seconds (products with stock enough,
 * every order rule on, a customer's pending pairs allowed up to 1,000); orders per second and
 * p99, medians of the rounds; then checks that stock went down by exactly the pairs ordered.
 */
import { execFileSync, execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeOrderAddress, encodeOrderLines, orderTotal, type Product } from '@courtside/shop';
import { createPostgresDatabase } from '../apps/server/test/support/databases.js';
import { runCli, startShopServer, type ShopServer } from '../e2e/support/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROJECT = { 'X-Appwrite-Project': 'courtside' };
/** Orders in flight at once (wrk's connections). */
const AT_ONCE = 50;
/**
 * The customers they come from, by turns: a shop's customers each hold a few pending orders, and
 * the rule against hoarding reads a customer's pending orders at every order.
 */
const CUSTOMERS = 500;
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

/**
 * CPU time the process has used, in ms (user and system, from /proc): per request it is a
 * figure a busy machine disturbs far less than requests per second.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Bytes the process has had written to disk (from /proc): the database's and the outbox's. */
function writtenBytes(pid: number): number {
  return Number(/write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
}

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
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  if (!rps || !p99) throw new Error(`wrk said:\n${out}`);
  return { rps, p99: Number(p99[1]) * MS[p99[2]!]!, errors, requests };
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
        r.shop.push(measured(server.pid(), () => wrk(server.url + path, seconds)));
        r.bare.push(measured(bare.child.pid!, () => wrk(bare.url + path, seconds)));
      }
      console.log(`round ${round} of ${rounds} done`);
    }
    console.log(
      '\nread            shop req/s  p99 ms   bare req/s  p99 ms   shop/bare   CPU µs/req shop, bare',
    );
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
          `   ${(shop / bareRps).toFixed(3)}x` +
          `   ${median(r.shop.map((x) => x.cpuUs!)).toFixed(0)}, ${median(r.bare.map((x) => x.cpuUs!)).toFixed(0)}` +
          `${errors ? `  (${errors} non-2xx!)` : ''}`,
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

/**
 * The wrk script that places the orders: each request is the next customer's cash-on-delivery
 * order of one pair of the next product, priced as the shop prices it, with a fresh random order
 * number (the server picks another when one is taken). Answers other than 201 are tallied by
 * status and the start of their body, and printed at the end.
 */
function ordersScript(customers: Customer[], products: Product[]): string {
  // One body per customer with the order number, price and lines left as marks, and the price
  // and lines of each product, which the script puts in.
  const mark = (name: string) => `@@${name}@@`;
  const street = '22 Abdullah Haroon Road';
  const template = (c: Customer, n: number) =>
    JSON.stringify({
      documentId: mark('N'),
      data: {
        user_id: c.id,
        order_number: mark('N'),
        User_name: `Customer ${n}`,
        address: composeOrderAddress({ address: street, city: 'Karachi' }),
        street,
        city: 'Karachi',
        etcaddress: '',
        phone: '03001234567',
        email: c.email,
        price: mark('P'),
        payment_type: 'COD',
        products: mark('L'),
      },
    })
      .replace(`"${mark('P')}"`, mark('P'))
      .replace(`"${mark('L')}"`, mark('L'));
  const people = customers.map(
    (c, n) => `{ cookie = [==[${c.cookie}]==], body = [==[${template(c, n)}]==] }`,
  );
  const pairs = products.map((product) => {
    const line = { ...product, quantity: 1 };
    const lines = JSON.stringify(encodeOrderLines([line]));
    return `{ price = '${orderTotal([line], 'COD')}', lines = [==[${lines}]==] }`;
  });
  return `
local customers = { ${people.join(',\n')} }
local products = { ${pairs.join(',\n')} }
local threads = {}
local sent = 0
refused = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set('id', #threads)
end
function init(args)
  math.randomseed(os.time() * 100 + id)
  sent = math.random(1, #customers)
end
function request()
  sent = sent + 1
  local c = customers[(sent % #customers) + 1]
  local p = products[(sent % #products) + 1]
  local number = string.format('%06x', math.random(0, 16777215))
  -- Functions as replacements: their results are taken as they are, '%' and all.
  local body = c.body:gsub('@@N@@', function() return number end)
  body = body:gsub('@@P@@', function() return p.price end)
  body = body:gsub('@@L@@', function() return p.lines end)
  return wrk.format('POST', '/v1/databases/shop/collections/orders/documents', {
    ['Content-Type'] = 'application/json',
    ['X-Appwrite-Project'] = 'courtside',
    ['Cookie'] = c.cookie,
  }, body)
end
function response(status, headers, body)
  if status ~= 201 then
    local why = status .. ' ' .. body:sub(1, 120)
    refused[why] = (refused[why] or 0) + 1
  end
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for why, n in pairs(thread:get('refused')) do
      io.write(string.format('refused %d x %s\\n', n, why))
    end
  end
end
`;
}

/** Orders placed for `seconds` by wrk, 50 connections: how many were placed, and what was refused. */
function placeOrders(shop: string, script: string, seconds: number) {
  const run = spawnSync(
    'wrk',
    [
      process.env.BENCH_CONNECTIONS === '1' ? '-t1' : '-t2',
      `-c${process.env.BENCH_CONNECTIONS ?? AT_ONCE}`,
      `-d${seconds}s`,
      '--latency',
      '-s',
      script,
      shop,
    ],
    { encoding: 'utf8' },
  );
  // A script wrk cannot run leaves it sending plain GETs: that is no order at all.
  if (run.status !== 0 || run.stderr.trim()) throw new Error(`wrk said:\n${run.stderr}`);
  const out = run.stdout;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  if (!Number.isFinite(requests) || !p99) throw new Error(`wrk said:\n${out}`);
  const refused = out.split('\n').filter((l) => l.startsWith('refused '));
  return { placed: requests - errors, p99: Number(p99[1]) * MS[p99[2]!]!, refused };
}

async function benchOrders(
  server: ShopServer,
  env: Record<string, string>,
  seconds: number,
  rounds: number,
) {
  const { products, key } = await stockedProducts(server, env, 10);
  const customers: Customer[] = [];
  // Ten sign-ups at a time (each hashes a password twice).
  for (let n = 0; n < CUSTOMERS; n += 10) {
    const batch = Array.from({ length: Math.min(10, CUSTOMERS - n) }, (_, i) => n + i);
    customers.push(...(await Promise.all(batch.map((i) => signUp(server.url, i)))));
  }
  const script = join(mkdtempSync(join(tmpdir(), 'bench-orders-')), 'orders.lua');
  writeFileSync(script, ordersScript(customers, products));
  const rates: number[] = [];
  const p99s: number[] = [];
  const cpu: number[] = [];
  const disk: number[] = [];
  let total = 0;
  for (let round = 1; round <= rounds; round++) {
    const before = cpuMs(server.pid());
    const wrote = writtenBytes(server.pid());
    const { placed, p99, refused } = placeOrders(server.url, script, seconds);
    cpu.push(((cpuMs(server.pid()) - before) * 1000) / placed);
    disk.push((writtenBytes(server.pid()) - wrote) / 1024 / placed);
    total += placed;
    rates.push(placed / seconds);
    p99s.push(p99);
    console.log(
      `round ${round}: ${placed} orders in ${seconds} s (${(placed / seconds).toFixed(0)}/s), p99 ${p99.toFixed(1)} ms, CPU ${cpu.at(-1)!.toFixed(0)} µs and ${disk.at(-1)!.toFixed(0)} KB written per order`,
    );
    for (const line of refused) console.log(`  ${line}`);
  }
  // wrk counts the answers it read, but the orders in flight when it stopped are still being
  // placed: the check waits until the count of orders the shop holds stands still, then
  // compares the stock with it.
  let held = await ordersOf(server.url, key, customers);
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await ordersOf(server.url, key, customers);
    if (now === held) break;
    held = now;
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
  const down = products.length * STOCK - left;
  console.log(
    `orders placed ${AT_ONCE} at a time by ${CUSTOMERS} customers: median ${median(rates).toFixed(0)}/s, ` +
      `p99 ${median(p99s).toFixed(1)} ms, CPU ${median(cpu).toFixed(0)} µs and ${median(disk).toFixed(0)} KB written per order; wrk saw ${total} placed, the shop holds ${held}; ` +
      `stock down by ${down} (${down === held ? 'exact' : 'NOT EXACT'})`,
  );
}

/** How many orders the customers have in the shop, read with the key. */
async function ordersOf(shop: string, key: string, customers: Customer[]): Promise<number> {
  let n = 0;
  for (const c of customers) {
    const path = listPath([`equal("user_id", ["${c.id}"])`, 'limit(1)']).replace(
      '/products/',
      '/orders/',
    );
    const res = await fetch(shop + path, { headers: { ...PROJECT, 'X-Appwrite-Key': key } });
    n += (await json<{ total: number }>(res, 'orders')).total;
  }
  return n;
}

export default async function main(args: string[]): Promise<void> {
  const db = option(args, '--db', 'sqlite');
  const seconds = Number(option(args, '--seconds', '5'));
  const rounds = Number(option(args, '--rounds', '3'));
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  // Each customer may hold up to 1,000 pairs in pending orders here (the shop's default is 3, the
  // limit against a hoarder): 50 customers placing orders back to back would reach 3 at once.
  const env: Record<string, string> = { LOG_LEVEL: 'silent', PENDING_PAIRS_PER_CUSTOMER: '1000' };
  const only = option(args, '--only', 'all');
  // A CPU profile of the shop's process, written when it stops (for finding where time goes).
  const profile = option(args, '--cpu-prof', '');
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const pgDb = db === 'postgres' ? await createPostgresDatabase() : null;
  if (pgDb) env.DATABASE_URL = pgDb.url;
  const server = await startShopServer(env, { nodeArgs });
  try {
    console.log(`Courtside (${db}) at ${server.url}; Node ${process.version}`);
    if (only !== 'orders') await benchReads(server, seconds, rounds);
    console.log('');
    if (only !== 'reads') await benchOrders(server, env, seconds, rounds);
  } finally {
    await server.stop();
    await pgDb?.drop();
  }
}
