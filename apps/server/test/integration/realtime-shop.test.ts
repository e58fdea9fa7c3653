import { randomUUID } from 'node:crypto';
import { Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_SHOP_ENV, product, signedInAdmin } from '../support/documents.js';
import { expectNothingBefore, listeners } from '../support/realtime.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The journeys of D13 with real documents, through the official SDK: the customer's My Orders
 * and the owner's dashboard change live, and nobody sees what they may not read.
 */
let server: TestServer;
let admin: SdkUser;
const { listen, close } = listeners();

beforeAll(async () => {
  server = await startTestServer({ env: GENERIC_SHOP_ENV });
  admin = await signedInAdmin(server);
});
afterAll(async () => {
  close();
  await server.close();
});

const ORDERS = 'databases.shop.collections.orders.documents';
const PRODUCTS = 'databases.shop.collections.products.documents';
let n = 0;

async function placeOrder(customer: Awaited<ReturnType<typeof signedInUser>>) {
  // The order fields as the checkout sends them; the owner alone may read it besides the admins.
  return customer.databases.createDocument(
    'shop',
    'orders',
    'unique()',
    {
      user_id: customer.me.$id,
      order_number: `RT${++n}`,
      User_name: customer.me.name,
      address: 'House 1, Street 2, Lahore',
      city: 'Lahore',
      phone: '+923001234567',
      email: customer.email,
      price: 25000,
      payment_type: 'COD',
      products: [JSON.stringify({ id: 'p1', qty: 1 })],
    },
    [Permission.read(Role.user(customer.me.$id))],
  );
}

const about = (id: string) => (e: { payload: unknown }) =>
  (e.payload as { $id?: string }).$id === id;

describe('live orders and products (D13)', () => {
  it("a customer sees their own order's status change, never another customer's", async () => {
    const alice = await signedInUser(server, 'Alice');
    const bob = await signedInUser(server, 'Bob');
    const aliceOrder = await placeOrder(alice);
    const bobOrder = await placeOrder(bob);
    const aliceSub = await listen(alice, [ORDERS]);
    const bobSub = await listen(bob, [`${ORDERS}.${bobOrder.$id}`, ORDERS]);

    await admin.databases.updateDocument('shop', 'orders', aliceOrder.$id, {
      order_status: 'confirmed',
    });
    await admin.databases.updateDocument('shop', 'orders', bobOrder.$id, {
      order_status: 'completed',
    });

    const seen = await aliceSub.next(about(aliceOrder.$id));
    expect(seen.events).toContain(`${ORDERS}.${aliceOrder.$id}.update`);
    expect(seen.payload).toMatchObject({ order_status: 'confirmed', user_id: alice.me.$id });
    await expectNothingBefore(bobSub, about(bobOrder.$id), about(aliceOrder.$id));
    expect((await bobSub.next(about(bobOrder.$id))).payload).toMatchObject({
      order_status: 'completed',
    });
    // Alice's socket got Bob's update neither before nor after hers.
    const marker = await placeOrder(alice);
    await expectNothingBefore(aliceSub, about(marker.$id), about(bobOrder.$id));
  });

  it('a visitor sees product changes', async () => {
    const visitor = sdkUser(server);
    const sub = await listen(visitor, [PRODUCTS]);
    const p = await admin.databases.createDocument('shop', 'products', 'unique()', product(), [
      Permission.read(Role.any()),
    ]);
    const created = await sub.next(about(p.$id));
    expect(created.events).toContain(`${PRODUCTS}.${p.$id}.create`);
    await admin.databases.updateDocument('shop', 'products', p.$id, { price: 19999 });
    const updated = await sub.next(
      (e) => about(p.$id)(e) && e.events.some((x) => x.endsWith('.update')),
    );
    expect(updated.payload).toMatchObject({ price: 19999 });
    await admin.databases.deleteDocument('shop', 'products', p.$id);
    await sub.next((e) => about(p.$id)(e) && e.events.some((x) => x.endsWith('.delete')));
  });

  it('the admin sees new orders; a visitor listening on orders does not', async () => {
    const adminSub = await listen(admin, [ORDERS]);
    const visitorSub = await listen(sdkUser(server), ['documents']);
    const carol = await signedInUser(server, 'Carol');
    const order = await placeOrder(carol);
    const e = await adminSub.next(about(order.$id));
    expect(e.events).toContain(`${ORDERS}.${order.$id}.create`);
    expect(e.payload).toMatchObject({ user_id: carol.me.$id, order_status: 'pending' });
    const p = await admin.databases.createDocument('shop', 'products', 'unique()', product(), [
      Permission.read(Role.any()),
    ]);
    await expectNothingBefore(visitorSub, about(p.$id), about(order.$id));
  });
});

describe('live orders across two server processes (Redis)', () => {
  it('the owner updates an order through one process; the customer on the other sees it', async () => {
    const env = {
      ...GENERIC_SHOP_ENV,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REALTIME_REDIS_CHANNEL: `courtside-test:realtime:${randomUUID()}`,
    };
    const one = await startTestServer({ env });
    const two = await one.twin(); // a real second process, with the same environment
    try {
      const customer = await signedInUser(one, 'Dana');
      const order = await placeOrder(customer);
      const onTwo = sdkUser(two);
      onTwo.client.jar.set('cookieFallback', customer.client.jar.get('cookieFallback')!);
      const sub = await listen(onTwo, [`${ORDERS}.${order.$id}`]);
      const owner = await signedInAdmin(one);
      await owner.databases.updateDocument('shop', 'orders', order.$id, {
        order_status: 'confirmed',
      });
      const e = await sub.next(about(order.$id));
      expect(e.payload).toMatchObject({ order_status: 'confirmed' });
      await new Promise((r) => setTimeout(r, 200));
      expect(sub.received.filter(about(order.$id))).toHaveLength(1);
    } finally {
      close();
      await two.close();
      await one.close();
    }
  });
});
