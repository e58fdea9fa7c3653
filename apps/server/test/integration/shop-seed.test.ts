import {
  ORDER_STATUSES,
  SHOP_IMAGE_ID_LIST,
  shopYear,
  STATS_PRODUCTS_ID,
  statsDayId,
  statsYearMonthIds,
} from '@courtside/shop';
import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readDemoLogins } from '../../src/shop/seed/demo-logins.js';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '../../src/shop/seed/seed.js';
import { DEMO_ADDRESS } from '../../src/shop/seed/orders.js';
import { sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ids } from '../support/shop.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: 'on' } });
}, 120_000);
afterAll(() => server.close());

/** The demo's logins as the first start left them (DATA_DIR/demo-logins.txt). */
const logins = () => {
  const { owner, customer } = readDemoLogins(server.dataDir);
  return { owner: owner!, customer: customer! };
};

describe('the demo shop on first start', () => {
  it("shows a visitor about 30 products, some sold out, with photos and the shop's pictures", async () => {
    const visitor = sdkUser(server);
    const all = await visitor.databases.listDocuments(ids.database, ids.products, [
      Query.limit(100),
    ]);
    expect(all.total).toBeGreaterThanOrEqual(30);
    const inStock = await visitor.databases.listDocuments(ids.database, ids.products, [
      Query.equal('stoke', 'true'),
    ]);
    expect(inStock.total).toBeLessThan(all.total);
    const first = all.documents[0]!;
    const photo = await fetch(visitor.storage.getFilePreview(ids.bucket, String(first.image), 360));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    for (const id of SHOP_IMAGE_ID_LIST) {
      expect((await visitor.storage.getFile(ids.bucket, id)).$id).toBe(id);
    }
  });

  it('lets the demo customer in, with orders in each status but returned', async () => {
    const customer = sdkUser(server);
    await customer.account.createEmailSession(DEMO_CUSTOMER.email, logins().customer.password);
    const mine = await customer.databases.listDocuments(ids.database, ids.orders);
    // A parcel sent back would mark the customer's number risky, and cash on delivery with it.
    for (const status of ORDER_STATUSES) {
      expect(mine.documents.some((o) => o.order_status === status)).toBe(status !== 'returned');
    }
    const owner = sdkUser(server);
    await owner.account.createEmailSession(DEMO_ADMIN.email, logins().owner.password);
    const returned = await owner.databases.listDocuments(ids.database, ids.orders, [
      Query.equal('order_status', 'returned'),
    ]);
    expect(returned.total).toBe(1);
    expect(returned.documents[0]!.phone).not.toBe(DEMO_ADDRESS.phone);
  });

  it('lets the demo owner in, who reads the figures', async () => {
    const owner = sdkUser(server);
    await owner.account.createEmailSession(DEMO_ADMIN.email, logins().owner.password);
    expect((await owner.account.get()).labels).toContain('admin');
    const totals = await owner.databases.getDocument(ids.database, ids.stats, STATS_PRODUCTS_ID);
    expect(totals.products).toBeGreaterThanOrEqual(30);
    expect(totals.products).toBe(Number(totals.in_stock) + Number(totals.out_of_stock));
  });

  it('draws two years of sales, with orders today', async () => {
    const owner = sdkUser(server);
    await owner.account.createEmailSession(DEMO_ADMIN.email, logins().owner.password);
    const now = new Date();
    const year = shopYear(now);
    const months = await owner.databases.listDocuments(ids.database, ids.stats, [
      Query.equal('$id', [...statsYearMonthIds(year - 1), ...statsYearMonthIds(year)]),
      Query.limit(24),
    ]);
    const lastYear = months.documents.filter((d) => String(d.period).startsWith(`${year - 1}-`));
    expect(lastYear).toHaveLength(12);
    expect(lastYear.every((d) => Number(d.sales) > 0)).toBe(true);
    const today = await owner.databases.getDocument(ids.database, ids.stats, statsDayId(now));
    expect(today.orders).toBeGreaterThanOrEqual(2);
  });

  it('makes its passwords at random and keeps them in a file only the server can read', async () => {
    const { owner, customer } = logins();
    expect([owner.email, customer.email]).toEqual([DEMO_ADMIN.email, DEMO_CUSTOMER.email]);
    for (const password of [owner.password, customer.password]) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(['owner-password-1', 'customer-password-1']).not.toContain(password);
    }
    expect(owner.password).not.toBe(customer.password);
    expect(statSync(join(server.dataDir, 'demo-logins.txt')).mode & 0o777).toBe(0o600);
    // The old constant no longer opens the dashboard.
    await expect(
      sdkUser(server).account.createEmailSession(DEMO_ADMIN.email, 'owner-password-1'),
    ).rejects.toMatchObject({ code: 401 });
  });

  it('is not seeded again on the next start', async () => {
    server = await server.restart();
    const list = await sdkUser(server).databases.listDocuments(ids.database, ids.products);
    expect(list.total).toBeLessThan(40);
  });

  it('stays empty when the owner empties it and restarts; `npm run seed` brings the demo back', async () => {
    await server.app.databases.transaction(ids.database, async (docs) => {
      for (const collection of [ids.orders, ids.products]) {
        for (;;) {
          const page = await docs.list(collection, ['limit(100)']);
          for (const doc of page.documents) await docs.delete(collection, doc.$id);
          if (page.total <= 100) break;
        }
      }
    });
    server = await server.restart();
    const visitor = sdkUser(server);
    expect((await visitor.databases.listDocuments(ids.database, ids.products)).total).toBe(0);
    const seeded = await server.app.shop!.seed();
    expect(seeded.products).toBeGreaterThanOrEqual(30);
    // Seeding again prints the same logins, and they still work.
    expect(seeded.admin.password).toBe(logins().owner.password);
    expect(seeded.customer.password).toBe(logins().customer.password);
    expect((await visitor.databases.listDocuments(ids.database, ids.products)).total).toBe(
      seeded.products,
    );
  }, 180_000);
});

describe('the demo owner once the real owner is configured', () => {
  it('is no longer an admin, and its password no longer opens the dashboard', async () => {
    const { owner } = logins();
    server = await server.restart({
      env: { ADMIN_EMAIL: 'real.owner@example.pk', ADMIN_PASSWORD: 'a-real-password-1' },
    });
    const demo = sdkUser(server);
    await demo.account.createEmailSession(owner.email, owner.password);
    expect((await demo.account.get()).labels).not.toContain('admin');
    const real = sdkUser(server);
    await real.account.createEmailSession('real.owner@example.pk', 'a-real-password-1');
    expect((await real.account.get()).labels).toContain('admin');
  });
});
