import { DEFAULT_IDS, encodeOrderLines } from '@courtside/shop';
import { afterAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A shop whose products and orders were stored before `sale_price` and `sold` existed (here: a
 * bulk import, which bypasses the product and order rules, and the setting that says the orders
 * were counted taken away): the next start fills the sale prices in and counts the pairs sold.
 */
const ids = DEFAULT_IDS;
let server: TestServer;
afterAll(() => server.close());

const product = (id: string, price: number, disc: number) => ({
  documentId: id,
  permissions: [],
  data: {
    title: `Pair ${id}`,
    description: 'Imported.',
    category: 'kobe',
    price,
    disc_price: disc,
    size: 43,
    condition: 9,
    stock: 3,
    product_id: id,
  },
});

const orderOf = (number: string, status: string, lines: { $id: string; quantity: number }[]) => ({
  documentId: number,
  permissions: [],
  data: {
    user_id: 'someone',
    order_number: number,
    User_name: 'Old Buyer',
    address: 'Street 1 city: Lahore',
    phone: '+923001234567',
    email: 'old@example.pk',
    price: 1,
    payment_type: 'COD',
    order_status: status,
    products: encodeOrderLines(lines.map((l) => ({ ...l, title: l.$id, price: 1 }))),
  },
});

it('fills in sale prices and counts pairs sold from existing orders at the next start', async () => {
  server = await startTestServer();
  const databases = server.app.databases;
  await databases.importDocuments!(ids.database, ids.products, [
    product('111111111', 20_000, 15_000),
    product('222222222', 9_000, 0),
    product('333333333', 0, 0),
  ]);
  await databases.importDocuments!(ids.database, ids.orders, [
    orderOf('aaaaaa', 'completed', [{ $id: '111111111', quantity: 2 }]),
    orderOf('bbbbbb', 'pending', [
      { $id: '111111111', quantity: 1 },
      { $id: '222222222', quantity: 1 },
    ]),
  ]);
  const read = (dbs = databases) =>
    dbs.transaction(ids.database, async (docs) =>
      Promise.all(
        ['111111111', '222222222', '333333333'].map(async (id) => {
          const doc = await docs.get(ids.products, id);
          return [doc?.sale_price, doc?.sold];
        }),
      ),
    );
  expect(await read()).toEqual([
    [0, 0],
    [0, 0],
    [0, 0],
  ]);
  // This database's orders were counted at its first start (there were none): forget that.
  await server.app.db.kysely
    .withTables<{ settings: { key: string; value: string } }>()
    .deleteFrom('settings')
    .where('key', '=', 'shop.sold-counted')
    .execute();
  server = await server.restart();
  expect(await read(server.app.databases)).toEqual([
    [15_000, 3],
    [9_000, 1],
    [0, 0],
  ]);
});

it('gives shoppers the products stored before drafts, once, at the next start', async () => {
  server = await server.restart();
  const databases = server.app.databases;
  // Stored as before drafts: no permission of their own (one a draft already, say by hand).
  await databases.importDocuments!(ids.database, ids.products, [
    product('444444444', 20_000, 0),
    {
      ...product('555555555', 20_000, 0),
      data: { ...product('555555555', 20_000, 0).data, draft: true },
    },
  ]);
  await server.app.db.kysely
    .withTables<{ settings: { key: string; value: string } }>()
    .deleteFrom('settings')
    .where('key', '=', 'shop.product-readers-set')
    .execute();
  server = await server.restart();
  const permissions = await server.app.databases.transaction(ids.database, (docs) =>
    Promise.all(
      ['444444444', '555555555'].map(
        async (id) => (await docs.get(ids.products, id))!.$permissions,
      ),
    ),
  );
  expect(permissions).toEqual([['read("any")'], []]);
});
