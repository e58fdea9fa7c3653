import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shopMonth, unitPrice } from '@courtside/shop';
import { Query, type Models } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../../src/import/progress.js';
import { runImport, type ImportReport, type SourceIds } from '../../src/import/run.js';
import { appwriteSource, type Source } from '../../src/import/source.js';
import { readMails } from '../support/outbox.js';
import {
  OLD_CUSTOMERS,
  OLD_OWNER,
  OLD_SUBSCRIBERS,
  seedOldShop,
  writeOriginalSchema,
  type OldShop,
} from '../support/original-shop.js';
import { sdkUser } from '../support/sdk.js';
import { apiKey, keyedSdk, serverSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * `npm run import` (src/import/run.ts) from a source server holding the original shop's schema
 * and data, into a fresh shop: what it brings over, exactly as recorded; what it refuses; that a
 * second run brings nothing and an interrupted run leaves nothing behind, so run again it ends
 * with the same data.
 */
const IDS: SourceIds = {
  database: 'shop',
  products: 'products',
  orders: 'orders',
  subscribers: 'subscribers',
  bucket: 'images',
};
const READ_SCOPES = [
  'users.read',
  'databases.read',
  'collections.read',
  'documents.read',
  'buckets.read',
  'files.read',
] as const;

let dir: string;
let source: TestServer;
let target: TestServer;
let old: ServerSdk;
let shop: OldShop;
let readKey: string;
let here: ServerSdk;

const sourceOf = (): Source => appwriteSource(source.endpoint, 'courtside', readKey);
const importOnce = (src: Source = sourceOf(), dryRun = false) =>
  runImport(src, target.app, { ids: IDS, dryRun, progress: silentProgress });
const counts = (report: ImportReport) =>
  Object.fromEntries(report.kinds.map((k) => [k.kind, [k.imported, k.present]]));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'courtside-import-'));
  const schemaFile = join(dir, 'original-shop.json');
  writeOriginalSchema(schemaFile);
  source = await startTestServer({ env: { SCHEMA_FILE: schemaFile } });
  old = await keyedSdk(source, [
    ...READ_SCOPES,
    'users.write',
    'users.admin',
    'documents.write',
    'files.write',
  ]);
  // Products and orders carry their old dates: written through the source's own storage.
  shop = await seedOldShop(old, {
    products: 30,
    write: (collection, id, data, permissions, createdAt) =>
      source.app.databases
        .transaction('shop', (docs) =>
          docs.create(collection, id, { ...data, $createdAt: createdAt }, permissions),
        )
        .then(() => undefined),
  });
  readKey = (await apiKey(source, READ_SCOPES)).secret;
  target = await startTestServer();
  here = await keyedSdk(target, ['users.read', 'documents.read', 'files.read']);
});
afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Doc<T> = Models.Document & T;
interface ProductDoc {
  stock: number;
  stoke: string;
  price: number;
  disc_price: number;
  sale_price: number;
  sold: number;
  draft?: boolean;
}
interface OrderDoc {
  order_number: string;
  order_status: string;
  price: number;
  user_id: string;
  products: string[];
}
interface StatsDoc {
  kind: string;
  period: string;
  orders: number;
  sales: number;
  products: number;
  in_stock: number;
  out_of_stock: number;
}

async function everything<T>(sdk: ServerSdk, collection: string): Promise<Doc<T>[]> {
  const list = await sdk.databases.listDocuments<Doc<T>>('shop', collection, [Query.limit(500)]);
  return list.documents;
}

describe('checking first', () => {
  it('reports what a dry run would bring, and writes nothing', async () => {
    const report = await importOnce(sourceOf(), true);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(counts(report)).toEqual({
      users: [5, 0],
      files: [shop.files.length, 0],
      products: [30, 0],
      orders: [shop.orders.length, 0],
      subscribers: [3, 0],
    });
    expect(report.notes).toContain(
      'products.stock: 1 pair for a product in stock (stoke "true"), else 0',
    );
    expect(report.notes).toContain('orders.city: left empty');
    expect((await here.users.list()).total).toBe(0);
    expect((await here.databases.listDocuments('shop', 'products')).total).toBe(0);
  });

  it('refuses a schema that does not fit the shop, naming each difference, and writes nothing', async () => {
    const real = sourceOf();
    const odd: Source = {
      ...real,
      async collections(databaseId) {
        const list = await real.collections(databaseId);
        return list.map((c) =>
          c.$id === 'products'
            ? {
                ...c,
                attributes: [
                  ...c.attributes,
                  { key: 'colour', type: 'string', required: false, size: 20 },
                ],
              }
            : c.$id === 'orders'
              ? {
                  ...c,
                  attributes: c.attributes.map((a) =>
                    a.key === 'price' ? { ...a, type: 'string', size: 20 } : a,
                  ),
                }
              : c,
        );
      },
    };
    const report = await importOnce(odd);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      "products.colour (string) has no place in the shop's products: its values would be lost",
      'orders.price is string in the old project and integer in the shop',
    ]);
    expect((await here.users.list()).total).toBe(0);
  });
});

describe('checking users', () => {
  it('refuses a user whose e-mail belongs to another account here, saying what to do', async () => {
    const admin = await keyedSdk(target, ['users.read', 'users.write']);
    const customer = OLD_CUSTOMERS[0]!;
    await admin.users.create('someone_else', customer.email, undefined, 'a-good-password');
    const report = await importOnce(sourceOf(), true);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `user ${customer.id}: its email ${customer.email} belongs to another account of this shop (someone_else, made here): import into an empty shop, or delete that account first (DELETE /v1/users/someone_else with a users.write key)`,
    ]);
    await admin.users.delete('someone_else');
  });
});

describe('importing', () => {
  it('takes out what it wrote when interrupted and, run again, brings everything', async () => {
    const real = sourceOf();
    let downloads = 0;
    const failing: Source = {
      ...real,
      async download(bucket, file) {
        if (++downloads > 10) throw new Error('connection reset');
        return real.download(bucket, file);
      },
    };
    await expect(importOnce(failing)).rejects.toThrow(
      'The import stopped at files: connection reset. What this run wrote was taken out again (5 users, 10 files): the shop is as it was before it.',
    );
    expect((await here.users.list()).total).toBe(0);
    expect((await here.storage.listFiles('images')).total).toBe(0);
    expect((await here.databases.listDocuments('shop', 'products')).total).toBe(0);

    const report = await importOnce();
    expect(report.ok).toBe(true);
    expect(counts(report)).toEqual({
      users: [5, 0],
      files: [shop.files.length, 0],
      products: [30, 0],
      orders: [shop.orders.length, 0],
      subscribers: [3, 0],
    });
  });

  it('brings every user with their hash, labels, verification, phone and preferences', async () => {
    for (const person of [OLD_OWNER, ...OLD_CUSTOMERS]) {
      const was = await old.users.get(person.id);
      const now = await here.users.get(person.id);
      expect(now).toEqual(was);
    }
    expect((await here.users.get(OLD_OWNER.id)).labels).toEqual(['admin']);
    expect((await here.users.get('cust_bilal')).hash).toBe('bcrypt');
  });

  it("signs old customers in with their old passwords, then keeps the shop's own hash", async () => {
    for (const person of OLD_CUSTOMERS) {
      const browser = sdkUser(target);
      await browser.account.createEmailSession(person.email, person.password);
      expect((await browser.account.get()).$id).toBe(person.id);
      const after = await here.users.get(person.id);
      expect(after.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('keeps products with their ids and dates, stock from the old flag', async () => {
    const before = await everything<ProductDoc>(old, 'products');
    const after = await everything<ProductDoc>(here, 'products');
    expect(after.map((p) => p.$id)).toEqual(before.map((p) => p.$id));
    for (const [i, p] of after.entries()) {
      const was = before[i]!;
      const { stock, sale_price, sold, draft, $permissions, ...same } = p;
      // (The old shop here is this server too: its products are listed and readable as well.)
      const { draft: _d, $permissions: _p, ...old } = was;
      expect(same).toEqual(old);
      // Listed, for shoppers to read, as every product of the old shop was.
      expect([draft, $permissions]).toEqual([false, ['read("any")']]);
      expect(stock).toBe(was.stoke === 'true' ? 1 : 0);
      expect(sale_price).toBe(unitPrice({ price: was.price, disc_price: was.disc_price }));
      // Every old order is pending, confirmed or completed: each counts its pair as sold.
      expect(sold).toBe(shop.orders.filter((o) => o.productId === p.$id).length);
    }
  });

  it('keeps orders exactly as recorded: numbers, statuses, old prices, dates; no e-mails', async () => {
    const before = await everything<OrderDoc>(old, 'orders');
    const after = await everything<OrderDoc>(here, 'orders');
    expect(after).toHaveLength(shop.orders.length);
    for (const was of before) {
      const now = after.find((o) => o.$id === was.$id)!;
      expect(now).toMatchObject({
        order_number: was.order_number,
        order_status: was.order_status,
        price: was.price,
        $createdAt: was.$createdAt,
        $updatedAt: was.$updatedAt,
        $permissions: [`read("user:${was.user_id}")`],
        products: was.products,
      });
    }
    // Priced by the old client: the shop's rules would have asked for another total.
    const wrong = shop.orders.filter((o) => {
      const p = shop.products.find((x) => x.id === o.productId)!;
      return o.price !== unitPrice(p) + (o.payment === 'COD' ? 500 : 0);
    });
    expect(wrong.length).toBe(shop.orders.length);
    expect(await readMails(target.dataDir)).toEqual([]);
  });

  it('brings every file with its id and bytes, and the subscribers', async () => {
    const files = await here.storage.listFiles('images', [Query.limit(100)]);
    const was = await old.storage.listFiles('images', [Query.limit(100)]);
    const sig = (list: Models.FileList) =>
      list.files.map((f) => [f.$id, f.name, f.signature, f.sizeOriginal]).sort();
    expect(sig(files)).toEqual(sig(was));
    const subscribers = await everything<{ email: string }>(here, 'subscribers');
    expect(subscribers.map((s) => s.email).sort()).toEqual([...OLD_SUBSCRIBERS].sort());
  });

  it("counts the dashboard's figures from the imported data", async () => {
    const admin = await keyedSdk(target, ['documents.read']);
    const stats = await everything<StatsDoc>(admin, 'stats');
    const products = stats.find((s) => s.kind === 'products')!;
    expect(products).toMatchObject({
      products: 30,
      in_stock: shop.products.filter((p) => p.stoke === 'true').length,
      out_of_stock: shop.products.filter((p) => p.stoke === 'false').length,
    });
    const months = new Map<string, { orders: number; sales: number }>();
    for (const o of shop.orders) {
      const m = shopMonth(new Date(o.createdAt));
      const entry = months.get(m) ?? { orders: 0, sales: 0 };
      entry.orders++;
      entry.sales += o.price;
      months.set(m, entry);
    }
    const counted = stats.filter((s) => s.kind === 'month' && (s.orders > 0 || s.sales > 0));
    expect(
      Object.fromEntries(counted.map((s) => [s.period, { orders: s.orders, sales: s.sales }])),
    ).toEqual(Object.fromEntries(months));
  });

  it('brings nothing new on a second run, and a restart expires none of the old pending orders', async () => {
    const report = await importOnce();
    expect(counts(report)).toEqual({
      users: [0, 5],
      files: [0, shop.files.length],
      products: [0, 30],
      orders: [0, shop.orders.length],
      subscribers: [0, 3],
    });
    target = await target.restart();
    here = serverSdk(
      target,
      (await apiKey(target, ['users.read', 'documents.read', 'files.read'])).secret,
    );
    const pending = await here.databases.listDocuments('shop', 'orders', [
      Query.equal('order_status', 'pending'),
    ]);
    expect(pending.total).toBe(shop.orders.filter((o) => o.status === 'pending').length);
  });
});
