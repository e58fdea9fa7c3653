/**
 * `npm run bench -- shop-stats [orders] [postgres-url]`: the dashboard's figures and placing an
 * order, with an empty shop and with N stored orders (default 100,000). The figures are
 * counters, so both should cost the same at any N.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shopYear, STATS_PRODUCTS_ID, statsDayId, statsYearMonthIds } from '@courtside/shop';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function run(args: string[]) {
  const n = Number(args[0] ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-shop-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    SEED_DEMO: 'off',
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

  const placeOrders = async (count: number) => {
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
    return median(times);
  };
  const readFigures = async (count: number) => {
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
    return median(times);
  };

  await placeOrders(5); // warm-up
  await readFigures(5);
  const empty = { order: await placeOrders(30), figures: await readFigures(50) };
  await app.shop!.idle();

  const t0 = performance.now();
  const batch = 2000;
  for (let done = 0; done < n; done += batch) {
    await app.databases.transaction(ids.database, async (tx) => {
      for (let i = done; i < Math.min(n, done + batch); i++) {
        await tx.create(
          ids.orders,
          `b${i.toString(16).padStart(8, '0')}`,
          {
            user_id: customer.id,
            order_number: 'b',
            User_name: 'B',
            address: 'x',
            phone: '+923001234567',
            email: 'buyer@bench.test',
            price: 20_000,
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

  const full = { order: await placeOrders(30), figures: await readFigures(50) };
  await app.shop!.idle();
  console.log(
    `shop-stats on ${app.db.dialect}, ${n} orders (inserted in ${(insertMs / 1000).toFixed(1)} s; full rebuild ${(rebuildMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  place an order:   median ${empty.order.toFixed(1)} ms empty, ${full.order.toFixed(1)} ms at ${n} (x${(full.order / empty.order).toFixed(2)})`,
  );
  console.log(
    `  read the figures: median ${empty.figures.toFixed(1)} ms empty, ${full.figures.toFixed(1)} ms at ${n} (x${(full.figures / empty.figures).toFixed(2)})`,
  );
  await app.server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
