import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/tools/events.js';
import { GENERIC_SHOP_ENV, product, signedInAdmin } from '../support/documents.js';
import { expectError, raw } from '../support/expect-error.js';
import { sdkUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: SdkUser;
const events: ServerEvent[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: GENERIC_SHOP_ENV });
  admin = await signedInAdmin(server);
  server.app.events.subscribe((e) => events.push(e));
});
afterAll(() => server.close());

const MODEL_KEYS = [
  '$id',
  '$collectionId',
  '$databaseId',
  '$createdAt',
  '$updatedAt',
  '$permissions',
  'title',
  'description',
  'category',
  'price',
  'disc_price',
  'size',
  'condition',
  // The pre-loved pair's condition photos (sole, heel, box, size tag), empty when none.
  'condition_photos',
  'stoke',
  'stock',
  'image',
  'images',
  'product_id',
  // Kept by the shop's rules: the unit price and the pairs sold.
  'sale_price',
  'sold',
  // An automatic sale's window and the pair's own discount price meanwhile; a draft is hidden.
  'sale_from',
  'sale_until',
  'regular_disc_price',
  'draft',
].sort();

describe('documents CRUD on the shop schema', () => {
  it('creates with a custom id, reads back exactly the model, never internals', async () => {
    const created = await admin.databases.createDocument('shop', 'products', 'aj1-high', product());
    expect(Object.keys(created).sort()).toEqual(MODEL_KEYS);
    expect(created).toMatchObject({
      $id: 'aj1-high',
      $databaseId: 'shop',
      $collectionId: 'products',
      title: 'Air Jordan 1 Retro High',
      price: 25000,
      size: 43,
      condition: 8.5,
      stoke: 'true',
      stock: 1,
      image: '',
      images: '[]',
      product_id: '',
    });
    expect(created.$createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    const me = await admin.account.get();
    expect(created.$permissions).toEqual([
      `read("user:${me.$id}")`,
      `update("user:${me.$id}")`,
      `delete("user:${me.$id}")`,
    ]);
    // Products are read as each one's permissions say (a draft is the owner's alone): this one
    // names only its maker, so a visitor does not find it until it is readable by anyone.
    const visitor = sdkUser(server);
    await expectError(visitor.databases.getDocument('shop', 'products', 'aj1-high'), {
      code: 404,
      type: 'document_not_found',
    });
    const listed = await admin.databases.updateDocument('shop', 'products', 'aj1-high', {}, [
      'read("any")',
      ...created.$permissions,
    ]);
    const got = await visitor.databases.getDocument('shop', 'products', 'aj1-high');
    expect(got).toEqual(listed);
  });

  it('generates 20-char ids for unique() and refuses a duplicate id with 409', async () => {
    const a = await admin.databases.createDocument('shop', 'products', 'unique()', product());
    expect(a.$id).toMatch(/^[0-9a-f]{20}$/);
    await expectError(admin.databases.createDocument('shop', 'products', a.$id, product()), {
      code: 409,
      type: 'document_already_exists',
    });
  });

  it('updates partially, keeps $createdAt, replaces permissions only when sent', async () => {
    const doc = await admin.databases.createDocument('shop', 'products', 'unique()', product());
    await new Promise((r) => setTimeout(r, 5));
    const updated = await admin.databases.updateDocument('shop', 'products', doc.$id, {
      price: 19999,
      stoke: 'false',
    });
    expect(updated).toMatchObject({ price: 19999, stoke: 'false', title: doc.title });
    expect(updated.$createdAt).toBe(doc.$createdAt);
    expect(updated.$updatedAt > doc.$updatedAt).toBe(true);
    expect(updated.$permissions).toEqual(doc.$permissions);
    const perms = await admin.databases.updateDocument('shop', 'products', doc.$id, undefined, [
      'read("any")',
    ]);
    expect(perms.$permissions).toEqual(['read("any")']);
    expect(perms.price).toBe(19999);
    // Nothing changes: $updatedAt stays.
    const same = await admin.databases.updateDocument('shop', 'products', doc.$id, {
      price: 19999,
    });
    expect(same.$updatedAt).toBe(perms.$updatedAt);
  });

  it('deletes with 204 and then answers 404', async () => {
    const doc = await admin.databases.createDocument('shop', 'products', 'unique()', product());
    const res = await raw(
      `${server.endpoint}/databases/shop/collections/products/documents/${doc.$id}`,
      {
        method: 'DELETE',
      },
    );
    expect(res.status).toBe(401);
    await admin.databases.deleteDocument('shop', 'products', doc.$id);
    await expectError(admin.databases.getDocument('shop', 'products', doc.$id), {
      code: 404,
      type: 'document_not_found',
    });
    await expectError(admin.databases.deleteDocument('shop', 'products', doc.$id), {
      code: 404,
      type: 'document_not_found',
    });
  });

  it('publishes create, update and delete after commit with channels and audience', async () => {
    events.length = 0;
    const doc = await admin.databases.createDocument('shop', 'products', 'evt-1', product(), [
      'read("any")',
    ]);
    await admin.databases.updateDocument('shop', 'products', 'evt-1', { stock: 2 });
    await admin.databases.deleteDocument('shop', 'products', 'evt-1');
    expect(events.map((e) => e.events[0])).toEqual([
      'databases.shop.collections.products.documents.evt-1.create',
      'databases.shop.collections.products.documents.evt-1.update',
      'databases.shop.collections.products.documents.evt-1.delete',
    ]);
    expect(events[0]!.events).toHaveLength(22);
    expect(events[0]!.channels).toEqual([
      'documents',
      'databases.shop.collections.products.documents',
      'databases.shop.collections.products.documents.evt-1',
    ]);
    expect(events[0]!.payload).toEqual(doc);
    // The collection's readers (the owner's label) and the document's own.
    expect(events[0]!.audience).toEqual(['label:admin', 'any']);
    expect((events[1]!.payload as { stock: number }).stock).toBe(2);
  });

  it('applies select: listed attributes plus $databaseId/$collectionId only', async () => {
    await admin.databases.createDocument('shop', 'products', 'sel-1', product());
    const got = await admin.databases.getDocument('shop', 'products', 'sel-1', [
      Query.select(['title', 'price']),
    ]);
    expect(got).toEqual({
      title: 'Air Jordan 1 Retro High',
      price: 25000,
      $databaseId: 'shop',
      $collectionId: 'products',
    });
    await expectError(admin.databases.getDocument('shop', 'products', 'sel-1', [Query.limit(1)]), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid query: Invalid query method: limit',
    });
  });

  it('404s on unknown database and collection, 400 on bad ids', async () => {
    await expectError(admin.databases.listDocuments('nope', 'products'), {
      code: 404,
      type: 'database_not_found',
    });
    await expectError(admin.databases.listDocuments('shop', 'nope'), {
      code: 404,
      type: 'collection_not_found',
    });
    await expectError(admin.databases.getDocument('shop', 'products', '_bad'), {
      code: 400,
      type: 'general_argument_invalid',
    });
  });
});
