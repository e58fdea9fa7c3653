/**
 * The orders half of `npm run bench -- api`: customers signed up and in, products stocked with an
 * API key, then wrk placing their orders; the stock is checked against the orders the shop holds.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  composeOrderAddress,
  DEFAULT_CHARGES,
  encodeOrderLines,
  orderTotal,
  type Product,
} from '@courtside/shop';
import { runCli, type ShopServer } from '../e2e/support/server.js';
import {
  cpuMs,
  json,
  listPath,
  median,
  PROJECT,
  readWrk,
  signUp,
  writtenBytes,
  type Customer,
} from './_api-tools.js';

/** Orders in flight at once (wrk's connections). */
const AT_ONCE = 50;
/**
 * The customers they come from, by turns: a shop's customers each hold a few pending orders, and
 * the rule against hoarding reads a customer's pending orders at every order.
 */
const CUSTOMERS = 500;
/** Pairs of each product the orders take from: the most a product may hold. */
const STOCK = 100_000;

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
        // A number of each customer's own, as in the shop: one shared by all would put every
        // order behind one phone's tally (order-holds.ts).
        phone: `0300${String(1_000_000 + n)}`,
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
    return `{ price = '${orderTotal([line], 'COD', 0, DEFAULT_CHARGES)}', lines = [==[${lines}]==] }`;
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
    ['-t2', `-c${AT_ONCE}`, `-d${seconds}s`, '--latency', '-s', script, shop],
    { encoding: 'utf8' },
  );
  // A script wrk cannot run leaves it sending plain GETs: that is no order at all.
  if (run.status !== 0 || run.stderr.trim()) throw new Error(`wrk said:\n${run.stderr}`);
  const out = run.stdout;
  const { requests, errors, p99 } = readWrk(out);
  const refused = out.split('\n').filter((l) => l.startsWith('refused '));
  return { placed: requests - errors, p99, refused };
}

export async function benchOrders(
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
  // The confirmations and owner's notices written as files (no SMTP here) while wrk ran: a shop
  // that places orders faster than it mails them only moves the work to later.
  const mailed = outboxFiles(server.dataDir);
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
      `stock down by ${down} (${down === held ? 'exact' : 'NOT EXACT'}); ` +
      `${mailed} e-mails written by the end of the rounds (2 per order: ${2 * total})`,
  );
}

/** The e-mails written to DATA_DIR/outbox so far (sign-ups' welcome mails included). */
function outboxFiles(dataDir: string): number {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).length : 0;
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
