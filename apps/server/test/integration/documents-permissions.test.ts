import { Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_SHOP_ENV, product, signedInAdmin } from '../support/documents.js';
import { expectError } from '../support/expect-error.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let admin: SdkUser;
let visitor: SdkUser;
let a: Awaited<ReturnType<typeof signedInUser>>;
let b: Awaited<ReturnType<typeof signedInUser>>;

const order = (userId: string, n: number) => ({
  user_id: userId,
  order_number: `CS-${n}`,
  User_name: 'Customer',
  address: 'House 1, Street 2, Lahore',
  city: 'Lahore',
  phone: '+923001234567',
  email: 'c@example.com',
  price: 25000,
  payment_type: 'COD',
  products: [JSON.stringify({ id: 'p1', qty: 1 })],
});

beforeAll(async () => {
  server = await startTestServer({ env: GENERIC_SHOP_ENV });
  admin = await signedInAdmin(server);
  visitor = sdkUser(server);
  a = await signedInUser(server, 'Customer A');
  b = await signedInUser(server, 'Customer B');
  await admin.databases.createDocument('shop', 'products', 'p1', product(), [
    Permission.read(Role.any()),
  ]);
});
afterAll(() => server.close());

const unauthorized = { code: 401, type: 'user_unauthorized' };

describe('products: readable by anyone, writable by label:admin', () => {
  it('visitor and customers read but cannot write', async () => {
    for (const who of [visitor, a, b]) {
      expect((await who.databases.listDocuments('shop', 'products')).total).toBe(1);
      expect((await who.databases.getDocument('shop', 'products', 'p1')).$id).toBe('p1');
      await expectError(
        who.databases.createDocument('shop', 'products', 'unique()', product()),
        unauthorized,
      );
      await expectError(
        who.databases.updateDocument('shop', 'products', 'p1', { price: 1 }),
        unauthorized,
      );
      await expectError(who.databases.deleteDocument('shop', 'products', 'p1'), unauthorized);
    }
  });

  it('admin creates, updates and deletes', async () => {
    const p = await admin.databases.createDocument('shop', 'products', 'unique()', product());
    expect(
      (await admin.databases.updateDocument('shop', 'products', p.$id, { price: 1 })).price,
    ).toBe(1);
    await admin.databases.deleteDocument('shop', 'products', p.$id);
  });
});

describe('orders: created by users, read by owner and admins, updated by admins', () => {
  const ownerOnly = () => {
    // As the shop's rules do: the owner may read the order, nothing more.
    server.app.databases.registerHooks('shop', 'orders', {
      beforeCreate: (ctx, input) => ({
        ...input,
        permissions: [`read("user:${ctx.caller.user!.$id}")`],
      }),
    });
  };

  it('visitor cannot create and sees none', async () => {
    ownerOnly();
    await expectError(
      visitor.databases.createDocument('shop', 'orders', 'unique()', order('x', 1)),
      unauthorized,
    );
    expect(await visitor.databases.listDocuments('shop', 'orders')).toEqual({
      total: 0,
      documents: [],
    });
  });

  it('each customer sees only their own orders; totals, limits and cursors agree', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) {
      mine.push(
        (await a.databases.createDocument('shop', 'orders', 'unique()', order(a.me.$id, i))).$id,
      );
    }
    const theirs = await b.databases.createDocument(
      'shop',
      'orders',
      'unique()',
      order(b.me.$id, 9),
    );
    const page = await a.databases.listDocuments('shop', 'orders', [Query.limit(2)]);
    expect(page.total).toBe(3);
    expect(page.documents.map((d) => d.$id)).toEqual(mine.slice(0, 2));
    const next = await a.databases.listDocuments('shop', 'orders', [Query.cursorAfter(mine[1]!)]);
    expect(next.documents.map((d) => d.$id)).toEqual([mine[2]]);
    expect((await b.databases.listDocuments('shop', 'orders')).total).toBe(1);
    expect((await a.databases.getDocument('shop', 'orders', mine[0]!)).user_id).toBe(a.me.$id);
    await expectError(b.databases.getDocument('shop', 'orders', mine[0]!), {
      code: 404,
      type: 'document_not_found',
    });
    await expectError(visitor.databases.getDocument('shop', 'orders', theirs.$id), {
      code: 404,
      type: 'document_not_found',
    });
    await expectError(
      b.databases.updateDocument('shop', 'orders', mine[0]!, { order_status: 'completed' }),
      unauthorized,
    );
    await expectError(
      a.databases.updateDocument('shop', 'orders', mine[0]!, { order_status: 'completed' }),
      unauthorized,
    );
    await expectError(a.databases.deleteDocument('shop', 'orders', mine[0]!), unauthorized);
    await expectError(b.databases.deleteDocument('shop', 'orders', mine[0]!), unauthorized);
  });

  it("a cursor on another customer's order answers as one that does not exist, and reveals nothing", async () => {
    const theirs = (await admin.databases.listDocuments('shop', 'orders')).documents.find(
      (d) => d.user_id === b.me.$id,
    )!;
    const missing = (id: string) => ({
      code: 400,
      type: 'general_cursor_not_found',
      message: `Document '${id}' for the 'cursor' value not found.`,
    });
    for (const cursor of [Query.cursorAfter(theirs.$id), Query.cursorBefore(theirs.$id)]) {
      // Sorting around the other's phone number or total must not be possible either.
      for (const order of [Query.orderAsc('phone'), Query.orderDesc('price')]) {
        await expectError(
          a.databases.listDocuments('shop', 'orders', [cursor, order]),
          missing(theirs.$id),
        );
      }
    }
    await expectError(
      a.databases.listDocuments('shop', 'orders', [Query.cursorAfter('no-such-order')]),
      missing('no-such-order'),
    );
    // The owner of the order, and the admin, still page with it.
    await b.databases.listDocuments('shop', 'orders', [Query.cursorAfter(theirs.$id)]);
    await admin.databases.listDocuments('shop', 'orders', [Query.cursorAfter(theirs.$id)]);
  });

  it('admin lists every order and updates and deletes', async () => {
    const all = await admin.databases.listDocuments('shop', 'orders');
    expect(all.total).toBe(4);
    const first = all.documents[0]!;
    const updated = await admin.databases.updateDocument('shop', 'orders', first.$id, {
      order_status: 'confirmed',
    });
    expect(updated.order_status).toBe('confirmed');
    expect(updated.$permissions).toEqual(first.$permissions);
    await admin.databases.deleteDocument('shop', 'orders', first.$id);
    expect((await admin.databases.listDocuments('shop', 'orders')).total).toBe(3);
  });
});

describe('granting and defaults', () => {
  it('a client grants only roles it holds', async () => {
    const message = `Permissions must be one of: (any, users, user:${b.me.$id}, user:${b.me.$id}/unverified, users/unverified)`;
    await expectError(
      b.databases.createDocument('shop', 'orders', 'unique()', order(b.me.$id, 1), [
        Permission.read(Role.user(a.me.$id)),
      ]),
      { ...unauthorized, message },
    );
    await expectError(
      b.databases.createDocument('shop', 'orders', 'unique()', order(b.me.$id, 1), [
        Permission.read(Role.label('admin')),
      ]),
      unauthorized,
    );
    await expectError(
      b.databases.createDocument('shop', 'orders', 'unique()', order(b.me.$id, 1), [
        'create("any")',
      ]),
      {
        code: 400,
        type: 'general_argument_invalid',
        message:
          'Invalid `permissions` param: Permission "create("any")" is not allowed. Must be one of: read, update, delete, write.',
      },
    );
    await expectError(
      b.databases.createDocument('shop', 'orders', 'unique()', order(b.me.$id, 1), [
        'read("nobody")',
      ]),
      { code: 400, type: 'general_argument_invalid' },
    );
  });

  it('a guest creates with no permissions; a collection without read answers 401 to list', async () => {
    const sub = await visitor.databases.createDocument('shop', 'subscribers', 'unique()', {
      email: 'fan@example.com',
    });
    expect(sub.$permissions).toEqual([]);
    await expectError(visitor.databases.listDocuments('shop', 'subscribers'), unauthorized);
    await expectError(visitor.databases.getDocument('shop', 'subscribers', sub.$id), {
      code: 404,
      type: 'document_not_found',
    });
    expect((await admin.databases.listDocuments('shop', 'subscribers')).total).toBe(1);
    await expectError(
      visitor.databases.createDocument('shop', 'subscribers', 'unique()', {
        email: 'fan@example.com',
      }),
      {
        code: 409,
        type: 'document_already_exists',
      },
    );
  });

  it('write expands to update and delete; duplicates drop', async () => {
    const doc = await admin.databases.createDocument('shop', 'products', 'unique()', product(), [
      Permission.read(Role.any()),
      Permission.write(Role.label('admin')),
      Permission.read(Role.any()),
    ]);
    expect(doc.$permissions).toEqual([
      'read("any")',
      'update("label:admin")',
      'delete("label:admin")',
    ]);
  });
});
