/**
 * `npm run bench -- shop-stats [orders] [postgres-url]`: the dashboard's figures and placing an
 * order, with an empty shop and with N stored orders (default 100,000) spread over two years.
 * The figures are counters, so both should cost the same at any N. Also times counting every
 * figure again (what start-up does) and the periodic check of the current month, and checks
 * that the stored figures equal what the data says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  shopDay,
  shopMonth,
  shopYear,
  STATS_PRODUCTS_ID,
  statsDayId,
  statsYearMonthIds,
} from '@courtside/shop';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { monthStart } from '../apps/server/src/shop/stats-rebuild.js';
import { toIso } from '../apps/server/src/tools/dates.js';

/** The 27 documents the dashboard reads: today, the product totals, 24 months. */
function statsDocumentIdsFor(now: Date): string[] {
  const year = shopYear(now);
  return [
    statsDayId(now),
    STATS_PRODUCTS_ID,
    ...statsYearMonthIds(year),
    ...statsYearMonthIds(year - 1),
  ];
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)]!;

/**
 * Every stored figure against the data: orders and sales per day and month, products in and
 * out of stock (sign-ups are checked by the integration tests). Returns the mismatches.
 */
async function verifyFigures(app: App): Promise<string[]> {
  const ids = app.config.ids;
  const expected = new Map<string, { orders: number; sales: number }>();
  const stored = new Map<string, Record<string, unknown>>();
  let products = 0;
  let inStock = 0;
  await app.databases.transaction(ids.database, async (docs) => {
    const pages = async (
      collection: string,
      queries: string[],
      each: (d: Record<string, unknown>) => void,
    ) => {
      let cursor: string | null = null;
      for (;;) {
        const q = [...queries, 'limit(5000)', ...(cursor ? [`cursorAfter("${cursor}")`] : [])];
        const page = await docs.list(collection, q);
        page.documents.forEach(each);
        if (page.documents.length < 5000) return;
        cursor = page.documents.at(-1)!.$id;
      }
    };
    await pages(ids.orders, ['select(["$id", "$createdAt", "price"])'], (o) => {
      const at = new Date(String(o.$createdAt));
      for (const id of [`day-${shopDay(at)}`, `month-${shopMonth(at)}`]) {
        const row = expected.get(id) ?? { orders: 0, sales: 0 };
        row.orders += 1;
        row.sales += Number(o.price);
        expected.set(id, row);
      }
    });
    await pages(ids.products, ['select(["$id", "stoke"])'], (p) => {
      products++;
      if (p.stoke === 'true') inStock++;
    });
    await pages(ids.stats, [], (d) => void stored.set(String(d.$id), d));
  });
  const wrong: string[] = [];
  for (const [id, want] of expected) {
    const got = stored.get(id);
    if (Number(got?.orders) !== want.orders || Number(got?.sales) !== want.sales) {
      wrong.push(`${id}: stored ${got?.orders}/${got?.sales}, data ${want.orders}/${want.sales}`);
    }
  }
  for (const [id, got] of stored) {
    if (got.kind !== 'products' && !expected.has(id) && (Number(got.orders) || Number(got.sales))) {
      wrong.push(`${id}: stored ${got.orders}/${got.sales}, data none`);
    }
  }
  const totals = stored.get(STATS_PRODUCTS_ID);
  if (Number(totals?.products) !== products || Number(totals?.in_stock) !== inStock) {
    wrong.push(
      `products: stored ${totals?.products}/${totals?.in_stock}, data ${products}/${inStock}`,
    );
  }
  return wrong;
}

export default async function run(args: string[]) {
  const n = Number(args[0] ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-shop-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    SEED_DEMO: 'off',
    // One bench customer places every timed order, all left pending.
    PENDING_PAIRS_PER_CUSTOMER: '1000',
    PENDING_PAIRS_PER_PHONE: '1000',
    ADMIN_EMAIL: 'owner@bench.test',
    ADMIN_PASSWORD: 'owner-password-1',
    ...(args[1] ? { DATABASE_URL: args[1] } : {}),
  });
  const app = await buildApp(config);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  const ids = config.ids;

  const signIn = async (email: string, password: string, create: boolean) => {
    const headers = { 'content-type': 'application/json', 'x-appwrite-project': ids.project };
    if (create) {
      await fetch(`${base}/account`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId: 'unique()', email, password, name: 'Bench' }),
      });
    }
    const res = await fetch(`${base}/account/sessions/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = (await (
      await fetch(`${base}/account`, { headers: { ...headers, cookie } })
    ).json()) as { $id: string };
    return { headers: { ...headers, cookie }, id: me.$id };
  };
  const admin = await signIn('owner@bench.test', 'owner-password-1', false);
  const customer = await signIn('buyer@bench.test', 'buyer-password-1', true);
  const docs = (c: string) => `${base}/databases/${ids.database}/collections/${c}/documents`;

  const product = (await (
    await fetch(docs(ids.products), {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({
        documentId: 'unique()',
        data: {
          title: 'Bench pair',
          description: 'x',
          category: 'kd',
          price: 20_000,
          disc_price: 0,
          size: 44,
          condition: 9,
          stock: 100_000,
        },
      }),
    })
  ).json()) as Record<string, unknown>;
  const line = JSON.stringify([{ ...product, quantity: 1 }]);

  const placeOrders = async (count: number): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const res = await fetch(docs(ids.orders), {
        method: 'POST',
        headers: customer.headers,
        body: JSON.stringify({
          documentId: 'unique()',
          data: {
            user_id: customer.id,
            order_number: 'a1b2c3',
            User_name: 'B',
            address: 'x city: Lahore',
            phone: '03001234567',
            email: 'buyer@bench.test',
            price: 20_000,
            payment_type: 'Bank',
            products: [line],
          },
        }),
      });
      if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
      times.push(performance.now() - t0);
    }
    return times;
  };
  const readFigures = async (count: number): Promise<number[]> => {
    const wanted = statsDocumentIdsFor(new Date());
    const q = encodeURIComponent(`equal("$id", ${JSON.stringify(wanted)})`);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const res = await fetch(`${docs(ids.stats)}?queries[]=${q}&queries[]=limit(30)`, {
        headers: admin.headers,
      });
      if (res.status !== 200) throw new Error(`figures: ${res.status} ${await res.text()}`);
      await res.json();
      times.push(performance.now() - t0);
    }
    return times;
  };

  await placeOrders(5); // warm-up
  await readFigures(5);
  const empty = { order: await placeOrders(50), figures: await readFigures(100) };
  await app.shop!.idle();

  // N orders over the last two years, written in bulk (no rules, so no counters: the full
  // recount below has to produce every figure).
  const now = Date.now();
  const span = 2 * 365 * 86_400_000;
  const t0 = performance.now();
  const batch = 2000;
  for (let done = 0; done < n; done += batch) {
    await app.databases.transaction(ids.database, async (tx) => {
      for (let i = done; i < Math.min(n, done + batch); i++) {
        await tx.create(
          ids.orders,
          `b${i.toString(16).padStart(8, '0')}`,
          {
            $createdAt: toIso(new Date(now - span + Math.floor((i / n) * span))),
            user_id: customer.id,
            order_number: 'b',
            User_name: 'B',
            address: 'x',
            phone: '+923001234567',
            email: 'buyer@bench.test',
            price: 20_000 + (i % 7) * 500,
            payment_type: 'Bank',
            order_status: 'completed',
            products: [line],
          },
          [`read("user:${customer.id}")`],
        );
      }
    });
  }
  const insertMs = performance.now() - t0;
  const r0 = performance.now();
  await app.shop!.rebuildStats();
  const rebuildMs = performance.now() - r0;
  const h0 = performance.now();
  await app.shop!.rebuildStats();
  const healthyMs = performance.now() - h0;
  const m0 = performance.now();
  await app.shop!.stats.reconcile(monthStart(new Date()));
  const monthMs = performance.now() - m0;

  // The idle keep-alive sockets were closed by the server during the bulk write: reconnect.
  for (let i = 0; i < 3; i++) await fetch(`${base}/health`).catch(() => undefined);
  await placeOrders(5);
  await readFigures(5);
  const full = { order: await placeOrders(50), figures: await readFigures(100) };
  await app.shop!.idle();
  const wrong = await verifyFigures(app);
  const line1 = (label: string, a: number[], b: number[]) =>
    `  ${label.padEnd(18)} median ${median(a).toFixed(1)} ms (p99 ${p99(a).toFixed(1)}) empty, ${median(b).toFixed(1)} ms (p99 ${p99(b).toFixed(1)}) at ${n} (x${(median(b) / median(a)).toFixed(2)})`;
  console.log(
    `shop-stats on ${app.db.dialect}, ${n} orders over two years (inserted in ${(insertMs / 1000).toFixed(1)} s)`,
  );
  console.log(line1('place an order:', empty.order, full.order));
  console.log(line1('read the figures:', empty.figures, full.figures));
  console.log(
    `  count every figure again: ${(rebuildMs / 1000).toFixed(2)} s writing them all, ${(healthyMs / 1000).toFixed(2)} s when they agree (each start); check this month: ${monthMs.toFixed(0)} ms`,
  );
  console.log(
    wrong.length === 0
      ? '  figures equal the data: yes'
      : `  figures equal the data: NO (${wrong.length})\n    ${wrong.slice(0, 10).join('\n    ')}`,
  );
  await app.server.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (wrong.length > 0) process.exitCode = 1;
}
