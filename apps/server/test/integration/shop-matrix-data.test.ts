import { ID, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import type { SdkUser } from '../support/sdk.js';
import {
  createProduct,
  CUSTOMERS,
  denied,
  ids,
  png,
  shopWorld,
  WHO,
  type ShopWorld,
  type Who,
} from '../support/shop.js';

/**
 * The rest of the shop's matrix (D4, D7, D11, spec 6): visitor, customer A, customer B and the
 * owner against every file, statistics and subscriber operation.
 */

let w: ShopWorld;
let file: Models.File;
let subscriber: Models.Document;
let totals: Models.Document;
const as = (who: Who): SdkUser => w[who];
const notFound = { code: 404, type: 'document_not_found' };

beforeAll(async () => {
  w = await shopWorld();
  await createProduct(w);
  await w.server.app.shop?.idle();
  file = await w.admin.storage.createFile(ids.bucket, ID.unique(), png());
  subscriber = await w.visitor.databases.createDocument(
    ids.database,
    ids.subscribers,
    ID.unique(),
    { email: 'fan.matrix@example.pk' },
  );
  totals = await w.admin.databases.getDocument(ids.database, ids.stats, 'products');
});
afterAll(() => w.server.close());

describe('files', () => {
  it.each(WHO)('%s lists and views them', async (who) => {
    const list = await as(who).storage.listFiles(ids.bucket);
    expect(list.files.map((f) => f.$id)).toContain(file.$id);
    expect((await as(who).storage.getFile(ids.bucket, file.$id)).$id).toBe(file.$id);
  });

  it.each(CUSTOMERS)('%s cannot upload, rename or delete one', async (who) => {
    const storage = as(who).storage;
    await expectError(storage.createFile(ids.bucket, ID.unique(), png()), denied);
    await expectError(storage.updateFile(ids.bucket, file.$id, 'renamed.png'), denied);
    await expectError(storage.deleteFile(ids.bucket, file.$id), denied);
    expect((await w.admin.storage.getFile(ids.bucket, file.$id)).name).toBe('dot.png');
  });

  it('the owner uploads, renames and deletes; a product delete removes its photos', async () => {
    const own = await w.admin.storage.createFile(ids.bucket, ID.unique(), png('mine.png'));
    const renamed = await w.admin.storage.updateFile(ids.bucket, own.$id, 'renamed.png');
    expect(renamed.name).toBe('renamed.png');
    await w.admin.storage.deleteFile(ids.bucket, own.$id);
    await expectError(w.admin.storage.getFile(ids.bucket, own.$id), {
      code: 404,
      type: 'storage_file_not_found',
    });

    const photo = await w.admin.storage.createFile(ids.bucket, ID.unique(), png());
    const made = await createProduct(w, { image: photo.$id });
    await w.admin.databases.deleteDocument(ids.database, ids.products, made.$id);
    await w.server.app.shop?.idle();
    await expectError(w.admin.storage.getFile(ids.bucket, photo.$id), {
      code: 404,
      type: 'storage_file_not_found',
    });
  });
});

describe('statistics (D7)', () => {
  it.each(CUSTOMERS)('%s can neither read nor write them', async (who) => {
    const db = as(who).databases;
    await expectError(db.listDocuments(ids.database, ids.stats), denied);
    await expectError(db.getDocument(ids.database, ids.stats, 'products'), notFound);
    await expectError(
      db.createDocument(ids.database, ids.stats, 'x', { kind: 'day', period: 'x' }),
      denied,
    );
    await expectError(
      db.updateDocument(ids.database, ids.stats, 'products', { products: 0 }),
      denied,
    );
    await expectError(db.deleteDocument(ids.database, ids.stats, 'products'), denied);
  });

  it.each(CUSTOMERS)('%s cannot read them through an update that changes nothing', async (who) => {
    const e = await expectError(
      as(who).databases.updateDocument(ids.database, ids.stats, 'products', {
        products: totals.products,
      }),
      denied,
    );
    expect(JSON.stringify(e)).not.toContain('in_stock');
  });

  it('the owner reads them and nobody writes them, even unchanged', async () => {
    expect(totals.products).toBeGreaterThan(0);
    const db = w.admin.databases;
    await expectError(
      db.createDocument(ids.database, ids.stats, 'x', { kind: 'day', period: 'x' }),
      denied,
    );
    await expectError(
      db.updateDocument(ids.database, ids.stats, 'products', { products: 0 }),
      denied,
    );
    await expectError(
      db.updateDocument(ids.database, ids.stats, 'products', { products: totals.products }),
      denied,
    );
    await expectError(db.deleteDocument(ids.database, ids.stats, 'products'), denied);
    expect((await db.getDocument(ids.database, ids.stats, 'products')).products).toBe(
      totals.products,
    );
  });
});

describe('subscribers (D11)', () => {
  it('anyone subscribes with a valid address, answered the same the second time', async () => {
    const email = `fan.${Date.now()}@example.pk`;
    const first = await w.visitor.databases.createDocument(
      ids.database,
      ids.subscribers,
      ID.unique(),
      {
        email,
      },
    );
    const again = await w.alice.databases.createDocument(
      ids.database,
      ids.subscribers,
      ID.unique(),
      {
        email: email.toUpperCase(),
      },
    );
    expect(Object.keys(again)).toEqual(Object.keys(first));
    expect(again).toMatchObject({ email, $permissions: [] });
    const listed = await w.admin.databases.listDocuments(ids.database, ids.subscribers, [
      Query.equal('email', [email]),
    ]);
    expect(listed.documents.map((d) => d.$id)).toEqual([again.$id]);
    await expectError(
      w.visitor.databases.createDocument(ids.database, ids.subscribers, ID.unique(), {
        email: 'nope',
      }),
      { code: 400, type: 'document_invalid_structure' },
    );
  });

  it.each(CUSTOMERS)('%s cannot list, read, change or remove a subscriber', async (who) => {
    const db = as(who).databases;
    await expectError(db.listDocuments(ids.database, ids.subscribers), denied);
    await expectError(db.getDocument(ids.database, ids.subscribers, subscriber.$id), notFound);
    const unchanged = await expectError(
      db.updateDocument(ids.database, ids.subscribers, subscriber.$id, {
        email: subscriber.email,
      }),
      denied,
    );
    expect(JSON.stringify(unchanged)).not.toContain('fan.matrix');
    await expectError(
      db.updateDocument(ids.database, ids.subscribers, subscriber.$id, {
        email: 'other@example.pk',
      }),
      denied,
    );
    await expectError(db.deleteDocument(ids.database, ids.subscribers, subscriber.$id), denied);
  });

  it('the owner lists, reads, changes and removes subscribers', async () => {
    const db = w.admin.databases;
    const list = await db.listDocuments(ids.database, ids.subscribers);
    expect(list.documents.map((d) => d.email)).toContain('fan.matrix@example.pk');
    expect((await db.getDocument(ids.database, ids.subscribers, subscriber.$id)).email).toBe(
      'fan.matrix@example.pk',
    );
    const changed = await db.updateDocument(ids.database, ids.subscribers, subscriber.$id, {
      email: 'Fan.Renamed@example.pk',
    });
    expect(changed.email).toBe('fan.renamed@example.pk');
    await db.deleteDocument(ids.database, ids.subscribers, subscriber.$id);
    await expectError(db.getDocument(ids.database, ids.subscribers, subscriber.$id), notFound);
  });
});
