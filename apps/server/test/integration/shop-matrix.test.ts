import { ID, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import type { SdkUser } from '../support/sdk.js';
import {
  cartLine,
  createProduct,
  CUSTOMERS,
  denied,
  ids,
  order,
  product,
  shopWorld,
  WHO,
  type ShopWorld,
  type Who,
} from '../support/shop.js';

/**
 * Who may do what in the shop (D4, D7, D11, spec 6): visitor, customer A, customer B and the
 * owner against every product and order operation (files, statistics and subscribers:
 * shop-matrix-data.test.ts).
 */

let w: ShopWorld;
let p: Models.Document;
let aliceOrder: Models.Document;
const as = (who: Who): SdkUser => w[who];

beforeAll(async () => {
  w = await shopWorld();
  p = await createProduct(w, { stock: 50 });
  aliceOrder = await w.placeOrder(w.alice, [cartLine(p)], 15_000);
  await w.server.app.shop?.idle();
});
afterAll(() => w.server.close());

describe('products', () => {
  it.each(WHO)('%s can list and read them', async (who) => {
    const list = await as(who).databases.listDocuments(ids.database, ids.products);
    expect(list.total).toBeGreaterThan(0);
    expect((await as(who).databases.getDocument(ids.database, ids.products, p.$id)).$id).toBe(
      p.$id,
    );
  });

  it.each(CUSTOMERS)('%s cannot create, update or delete one', async (who) => {
    const db = as(who).databases;
    await expectError(
      db.createDocument(ids.database, ids.products, ID.unique(), product()),
      denied,
    );
    await expectError(db.updateDocument(ids.database, ids.products, p.$id, { price: 1 }), denied);
    await expectError(db.deleteDocument(ids.database, ids.products, p.$id), denied);
  });

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

  it.each(CUSTOMERS)('%s cannot change or delete an order', async (who) => {
    const db = as(who).databases;
    await expectError(
      db.updateDocument(ids.database, ids.orders, aliceOrder.$id, { order_status: 'completed' }),
      denied,
    );
    await expectError(db.deleteDocument(ids.database, ids.orders, aliceOrder.$id), denied);
  });

  // An update that changes nothing must not hand back the stored order (name, address, phone).
  it.each(CUSTOMERS)(
    '%s cannot read an order through an update that changes nothing',
    async (who) => {
      const db = as(who).databases;
      const e = await expectError(
        db.updateDocument(ids.database, ids.orders, aliceOrder.$id, {
          order_status: aliceOrder.order_status,
        }),
        denied,
      );
      expect(JSON.stringify(e)).not.toContain(String(aliceOrder.address));
      const copy = Object.fromEntries(
        ['User_name', 'address', 'phone', 'email', 'price'].map((k) => [k, aliceOrder[k]]),
      );
      await expectError(db.updateDocument(ids.database, ids.orders, aliceOrder.$id, copy), denied);
      await expectError(
        db.updateDocument(ids.database, ids.orders, aliceOrder.$id, undefined, [
          ...aliceOrder.$permissions,
        ]),
        denied,
      );
    },
  );

  it('a visitor without a session is refused at the HTTP level too', async () => {
    const res = await fetch(
      `${w.server.endpoint}/databases/${ids.database}/collections/${ids.orders}/documents/${aliceOrder.$id}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': 'courtside' },
        body: JSON.stringify({ data: { order_status: 'pending' } }),
      },
    );
    const text = await res.text();
    expect(res.status).toBe(401);
    expect(text).not.toContain('Ayesha');
    expect(text).not.toContain('Lahore');
  });

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
      {
        code: 400,
        type: 'shop_order_invalid',
        message: 'Only the order status, courier and tracking number can be changed',
      },
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
