import { Query } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { keyedSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The schema as node-appwrite 11.1 reads it with a key (docs/protocol.md §3.5): databases,
 * collections, attributes, indexes and buckets, answering 1.4's models, and the shop's real
 * schema in them; each route refused without its scope.
 */
let server: TestServer;
let sdk: ServerSdk;

beforeAll(async () => {
  server = await startTestServer();
  sdk = await keyedSdk(server, [
    'databases.read',
    'collections.read',
    'buckets.read',
    'attributes.read',
    'indexes.read',
  ]);
});
afterAll(() => server.close());

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
const scopeMissing = (scope: string) => ({
  code: 401,
  type: 'general_unauthorized_scope',
  message: `app.courtside@service.127.0.0.1 (role: applications) missing scope (${scope})`,
});

describe('databases', () => {
  it("lists and reads the shop's database as 1.4's Database model", async () => {
    const list = await sdk.databases.list();
    expect(list.total).toBe(1);
    const [shop] = list.databases;
    expect(Object.keys(shop!)).toEqual(['$id', 'name', '$createdAt', '$updatedAt', 'enabled']);
    expect(shop).toMatchObject({ $id: 'shop', name: 'Courtside shop', enabled: true });
    expect(shop!.$createdAt).toMatch(TIME);
    expect(await sdk.databases.get('shop')).toEqual(shop);
    expect((await sdk.databases.list([Query.equal('name', 'Courtside shop')])).total).toBe(1);
    expect((await sdk.databases.list([], 'nothing-like-it')).total).toBe(0);
    await expectError(sdk.databases.get('other'), { code: 404, type: 'database_not_found' });
  });
});

describe('collections', () => {
  it('lists every collection of the schema with its attributes and indexes', async () => {
    const list = await sdk.databases.listCollections('shop', [Query.limit(100)]);
    const ids = server.app.schema.collections.map((c) => c.$id);
    expect(list.total).toBe(ids.length);
    expect(list.collections.map((c) => c.$id)).toEqual(ids);
    const orders = list.collections.find((c) => c.$id === 'orders')!;
    expect(Object.keys(orders)).toEqual([
      '$id',
      '$createdAt',
      '$updatedAt',
      '$permissions',
      'databaseId',
      'name',
      'enabled',
      'documentSecurity',
      'attributes',
      'indexes',
    ]);
    expect(orders).toMatchObject({
      databaseId: 'shop',
      name: 'Orders',
      enabled: true,
      documentSecurity: true,
      $permissions: expect.arrayContaining(['create("users")', 'read("label:admin")']),
    });
    expect(orders.$createdAt).toMatch(TIME);
    expect(await sdk.databases.getCollection('shop', 'orders')).toEqual(orders);
    // The attributes are the schema's, each in its 1.4 model.
    const schemaOrders = server.app.schema.collections.find((c) => c.$id === 'orders')!;
    expect((orders.attributes as unknown as { key: string }[]).map((a) => a.key)).toEqual(
      schemaOrders.attributes.map((a) => a.key),
    );
    expect(orders.attributes).toContainEqual({
      key: 'payment_type',
      type: 'string',
      status: 'available',
      error: '',
      required: true,
      array: false,
      elements: ['COD', 'Bank'],
      format: 'enum',
      default: null,
    });
    expect(orders.indexes).toContainEqual({
      key: 'name_search',
      type: 'fulltext',
      status: 'available',
      error: '',
      attributes: ['User_name'],
      orders: ['ASC'],
    });
  });

  it('filters, searches and pages collections', async () => {
    const secured = await sdk.databases.listCollections('shop', [
      Query.equal('documentSecurity', true),
    ]);
    expect(secured.collections.map((c) => c.$id)).toEqual(['products', 'orders']);
    const search = await sdk.databases.listCollections('shop', [], 'order');
    expect(search.collections.map((c) => c.$id).sort()).toEqual([
      'order_clients',
      'order_notes',
      'orders',
    ]);
    const byName = await sdk.databases.listCollections('shop', [
      Query.orderDesc('name'),
      Query.limit(2),
    ]);
    const names = server.app.schema.collections
      .map((c) => c.name)
      .sort()
      .reverse();
    expect(byName.collections.map((c) => c.name)).toEqual(names.slice(0, 2));
    const after = await sdk.databases.listCollections('shop', [
      Query.cursorAfter('products'),
      Query.limit(1),
    ]);
    expect(after.collections.map((c) => c.$id)).toEqual(['orders']);
    await expectError(sdk.databases.listCollections('shop', [Query.equal('attributes', 'x')]), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid query: Attribute not found in schema: attributes',
    });
    await expectError(sdk.databases.listCollections('shop', [Query.cursorAfter('nope')]), {
      code: 400,
      type: 'general_cursor_not_found',
    });
    await expectError(sdk.databases.getCollection('shop', 'nope'), {
      code: 404,
      type: 'collection_not_found',
    });
    await expectError(sdk.databases.listCollections('nope'), {
      code: 404,
      type: 'database_not_found',
    });
  });
});

describe('attributes and indexes', () => {
  it('lists and reads attributes in their 1.4 models', async () => {
    const list = await sdk.databases.listAttributes('shop', 'products');
    const schemaProducts = server.app.schema.collections.find((c) => c.$id === 'products')!;
    expect(list.total).toBe(schemaProducts.attributes.length);
    expect(await sdk.databases.getAttribute('shop', 'products', 'price')).toEqual({
      key: 'price',
      type: 'integer',
      status: 'available',
      error: '',
      required: true,
      array: false,
      min: 0,
      max: 100000000,
      default: null,
    });
    expect(await sdk.databases.getAttribute('shop', 'products', 'title')).toEqual({
      key: 'title',
      type: 'string',
      status: 'available',
      error: '',
      required: true,
      array: false,
      size: 255,
      default: null,
    });
    expect(await sdk.databases.getAttribute('shop', 'orders', 'email')).toMatchObject({
      type: 'string',
      format: 'email',
    });
    expect(await sdk.databases.getAttribute('shop', 'orders', 'products')).toMatchObject({
      array: true,
      size: 65535,
    });
    expect(await sdk.databases.getAttribute('shop', 'deliveries', 'nextAttemptAt')).toMatchObject({
      type: 'datetime',
      format: 'datetime',
      default: null,
    });
    const doubles = await sdk.databases.listAttributes('shop', 'products', [
      Query.equal('type', 'double'),
    ]);
    expect((doubles.attributes as unknown as { key: string }[]).map((a) => a.key)).toEqual([
      'size',
      'condition',
    ]);
    await expectError(sdk.databases.getAttribute('shop', 'products', 'colour'), {
      code: 404,
      type: 'attribute_not_found',
    });
  });

  it('lists and reads indexes', async () => {
    const list = await sdk.databases.listIndexes('shop', 'subscribers');
    expect(list).toEqual({
      total: 1,
      indexes: [
        {
          key: 'email_unique',
          type: 'unique',
          status: 'available',
          error: '',
          attributes: ['email'],
          orders: ['ASC'],
        },
      ],
    });
    expect(await sdk.databases.getIndex('shop', 'subscribers', 'email_unique')).toEqual(
      list.indexes[0],
    );
    const fulltext = await sdk.databases.listIndexes('shop', 'products', [
      Query.equal('type', 'fulltext'),
    ]);
    expect(fulltext.indexes.map((i) => i.key)).toEqual(['title_search']);
    await expectError(sdk.databases.getIndex('shop', 'products', 'nope'), {
      code: 404,
      type: 'index_not_found',
    });
  });
});

describe('buckets', () => {
  it("lists and reads the shop's buckets as 1.4's Bucket model", async () => {
    const list = await sdk.storage.listBuckets();
    expect(list.buckets.map((b) => b.$id)).toEqual(['images', 'payment_proofs']);
    expect(list.total).toBe(2);
    const bucket = list.buckets[0]!;
    expect(Object.keys(bucket)).toEqual([
      '$id',
      '$createdAt',
      '$updatedAt',
      '$permissions',
      'fileSecurity',
      'name',
      'enabled',
      'maximumFileSize',
      'allowedFileExtensions',
      'compression',
      'encryption',
      'antivirus',
    ]);
    expect(bucket).toMatchObject({
      $id: 'images',
      name: 'Product images',
      enabled: true,
      fileSecurity: false,
      maximumFileSize: 10485760,
      allowedFileExtensions: ['png', 'jpg', 'jpeg', 'webp'],
      compression: 'none',
      encryption: false,
      antivirus: false,
    });
    expect(await sdk.storage.getBucket('images')).toEqual(bucket);
    // The buyers' payment screenshots: each file readable by its buyer and the owner only.
    const proofs = await sdk.storage.listBuckets([Query.equal('fileSecurity', true)]);
    expect(proofs.buckets).toEqual([
      expect.objectContaining({
        $id: 'payment_proofs',
        fileSecurity: true,
        maximumFileSize: 5242880,
        allowedFileExtensions: ['png', 'jpg', 'jpeg', 'webp'],
      }),
    ]);
    await expectError(sdk.storage.getBucket('nope'), {
      code: 404,
      type: 'storage_bucket_not_found',
    });
  });
});

describe('scopes', () => {
  it('refuses each route without its scope, as 1.4 does', async () => {
    const other = await keyedSdk(server, ['documents.read', 'files.read']);
    await expectError(other.databases.list(), scopeMissing('databases.read'));
    await expectError(other.databases.get('shop'), scopeMissing('databases.read'));
    await expectError(other.databases.listCollections('shop'), scopeMissing('collections.read'));
    await expectError(other.storage.listBuckets(), scopeMissing('buckets.read'));
    await expectError(other.storage.getBucket('images'), scopeMissing('buckets.read'));
    // 1.4 reads attributes and indexes with collections.read, whatever their own scope names.
    const named = await keyedSdk(server, ['attributes.read', 'indexes.read']);
    await expectError(
      named.databases.listAttributes('shop', 'products'),
      scopeMissing('collections.read'),
    );
    await expectError(
      named.databases.getIndex('shop', 'products', 'created'),
      scopeMissing('collections.read'),
    );
  });

  it('refuses guests and signed-in customers', async () => {
    const email = uniqueEmail('schema');
    const browser = sdkUser(server);
    await browser.account.create('unique()', email, 'a-good-password', 'Schema Reader');
    await browser.account.createEmailSession(email, 'a-good-password');
    const res = await fetch(`${server.endpoint}/databases/shop/collections`, {
      headers: { 'X-Appwrite-Project': 'courtside' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      type: 'general_unauthorized_scope',
      message: 'User (role: guests) missing scope (collections.read)',
    });
    // The Web SDK's own call, carrying the session as a browser does.
    const url = new URL(`${server.endpoint}/storage/buckets`);
    await expectError(browser.client.call('get', url, {}, {}), {
      code: 401,
      type: 'general_unauthorized_scope',
      message: `${email} (role: users) missing scope (buckets.read)`,
    });
  });
});
