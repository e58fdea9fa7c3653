import { ID, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import type { SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  ids,
  order,
  product,
  shopWorld,
  type ShopWorld,
} from '../support/shop.js';

/**
 * Who may do what in the shop (D4, D7, D11, spec 6): visitor, customer A, customer B and the
 * owner against every product, order, file, statistics and subscriber operation.
 */

let w: ShopWorld;
let p: Models.Document;
let aliceOrder: Models.Document;
type Who = 'visitor' | 'alice' | 'bob' | 'admin';
const WHO: Who[] = ['visitor', 'alice', 'bob', 'admin'];
const as = (who: Who): SdkUser => w[who];

const png = () =>
  new File(
    [
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    ],
    'dot.png',
    { type: 'image/png' },
  );

beforeAll(async () => {
  w = await shopWorld();
  p = await createProduct(w, { stock: 50 });
  aliceOrder = await w.alice.databases.createDocument(
    ids.database,
    ids.orders,
    ID.unique(),
    order(w.alice.me.$id, [cartLine(p)], 15_000),
  );
  await w.server.app.shop?.idle();
});
afterAll(() => w.server.close());

const denied = { code: 401, type: 'user_unauthorized' };

describe('products', () => {
  it.each(WHO)('%s can list and read them', async (who) => {
    const list = await as(who).databases.listDocuments(ids.database, ids.products);
    expect(list.total).toBeGreaterThan(0);
    expect((await as(who).databases.getDocument(ids.database, ids.products, p.$id)).$id).toBe(
      p.$id,
    );
  });

  it.each(['visitor', 'alice', 'bob'] as Who[])(
    '%s cannot create, update or delete one',
    async (who) => {
      const db = as(who).databases;
      await expectError(
        db.createDocument(ids.database, ids.products, ID.unique(), product()),
        denied,
      );
      await expectError(db.updateDocument(ids.database, ids.products, p.$id, { price: 1 }), denied);
      await expectError(db.deleteDocument(ids.database, ids.products, p.$id), denied);
    },
  );

  it('the owner creates (9-digit id), updates and deletes one', async () => {
    const db = w.admin.databases;
    const made = await db.createDocument(ids.database, ids.products, ID.unique(), product());
    expect(made.$id).toMatch(/^\d{9}$/);
    expect(made.product_id).toBe(made.$id);
    const changed = await db.updateDocument(ids.database, ids.products, made.$id, {
      stoke: 'false',
    });
    expect(changed).toMatchObject({ stoke: 'false', stock: 0 });
    await db.deleteDocument(ids.database, ids.products, made.$id);
  });
});

describe('orders', () => {
  it('a visitor cannot place, read or list orders', async () => {
    const db = w.visitor.databases;
    await expectError(
      db.createDocument(ids.database, ids.orders, ID.unique(), order('x', [cartLine(p)], 15_000)),
      denied,
    );
    await expectError(db.getDocument(ids.database, ids.orders, aliceOrder.$id), {
      code: 404,
      type: 'document_not_found',
    });
    expect((await db.listDocuments(ids.database, ids.orders)).total).toBe(0);
  });

  it('customer A reads her order; customer B does not see it', async () => {
    expect(
      (await w.alice.databases.getDocument(ids.database, ids.orders, aliceOrder.$id)).$id,
    ).toBe(aliceOrder.$id);
    await expectError(w.bob.databases.getDocument(ids.database, ids.orders, aliceOrder.$id), {
      code: 404,
      type: 'document_not_found',
    });
    const bobs = await w.bob.databases.listDocuments(ids.database, ids.orders);
    expect(bobs.documents.every((d) => d.user_id === w.bob.me.$id)).toBe(true);
  });

  it.each(['visitor', 'alice', 'bob'] as Who[])(
    '%s cannot change or delete an order',
    async (who) => {
      const db = as(who).databases;
      await expectError(
        db.updateDocument(ids.database, ids.orders, aliceOrder.$id, { order_status: 'completed' }),
        denied,
      );
      await expectError(db.deleteDocument(ids.database, ids.orders, aliceOrder.$id), denied);
    },
  );

  it('the owner reads every order and changes only the status', async () => {
    const all = await w.admin.databases.listDocuments(ids.database, ids.orders);
    expect(all.documents.map((d) => d.$id)).toContain(aliceOrder.$id);
    const changed = await w.admin.databases.updateDocument(
      ids.database,
      ids.orders,
      aliceOrder.$id,
      { order_status: 'confirmed' },
    );
    expect(changed.order_status).toBe('confirmed');
    await expectError(
      w.admin.databases.updateDocument(ids.database, ids.orders, aliceOrder.$id, { price: 1 }),
      { code: 400, type: 'shop_order_invalid', message: 'Only the order status can be changed' },
    );
    // The schema's enum refuses an unknown status before the shop's rule sees it.
    await expectError(
      w.admin.databases.updateDocument(ids.database, ids.orders, aliceOrder.$id, {
        order_status: 'lost',
      }),
      { code: 400, type: 'document_invalid_structure' },
    );
  });
});

describe('files', () => {
  it.each(['visitor', 'alice', 'bob'] as Who[])('%s cannot upload or delete', async (who) => {
    await expectError(as(who).storage.createFile(ids.bucket, ID.unique(), png()), denied);
  });

  it('the owner uploads; everyone views; a product delete removes its photos', async () => {
    const file = await w.admin.storage.createFile(ids.bucket, ID.unique(), png());
    for (const who of WHO)
      expect((await as(who).storage.getFile(ids.bucket, file.$id)).$id).toBe(file.$id);
    await expectError(w.alice.storage.deleteFile(ids.bucket, file.$id), denied);
    const made = await createProduct(w, { image: file.$id });
    await w.admin.databases.deleteDocument(ids.database, ids.products, made.$id);
    await w.server.app.shop?.idle();
    await expectError(w.admin.storage.getFile(ids.bucket, file.$id), {
      code: 404,
      type: 'storage_file_not_found',
    });
  });
});

describe('statistics (D7)', () => {
  it.each(['visitor', 'alice', 'bob'] as Who[])('%s cannot read them', async (who) => {
    await expectError(as(who).databases.listDocuments(ids.database, ids.stats), denied);
    await expectError(as(who).databases.getDocument(ids.database, ids.stats, 'products'), {
      code: 404,
      type: 'document_not_found',
    });
  });

  it('the owner reads them and nobody writes them', async () => {
    const totals = await w.admin.databases.getDocument(ids.database, ids.stats, 'products');
    expect(totals.products).toBeGreaterThan(0);
    await expectError(
      w.admin.databases.createDocument(ids.database, ids.stats, 'x', { kind: 'day', period: 'x' }),
      denied,
    );
    await expectError(
      w.admin.databases.updateDocument(ids.database, ids.stats, 'products', { products: 0 }),
      denied,
    );
  });
});

describe('subscribers (D11)', () => {
  it('anyone subscribes once with a valid address; only the owner reads the list', async () => {
    const email = `fan.${Date.now()}@example.pk`;
    await w.visitor.databases.createDocument(ids.database, ids.subscribers, ID.unique(), { email });
    await expectError(
      w.alice.databases.createDocument(ids.database, ids.subscribers, ID.unique(), {
        email: email.toUpperCase(),
      }),
      {
        code: 409,
        type: 'shop_already_subscribed',
        message: 'This e-mail address is already subscribed',
      },
    );
    await expectError(
      w.visitor.databases.createDocument(ids.database, ids.subscribers, ID.unique(), {
        email: 'nope',
      }),
      { code: 400, type: 'document_invalid_structure' },
    );
    for (const who of ['visitor', 'alice', 'bob'] as Who[]) {
      await expectError(as(who).databases.listDocuments(ids.database, ids.subscribers), denied);
    }
    const list = await w.admin.databases.listDocuments(ids.database, ids.subscribers);
    expect(list.documents.map((d) => d.email)).toContain(email);
  });
});
