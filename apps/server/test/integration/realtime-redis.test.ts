import { randomUUID } from 'node:crypto';
import { Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_SHOP_ENV, product, signedInAdmin } from '../support/documents.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import { documentEvent, expectNothingBefore, listeners } from '../support/realtime.js';
import type { ServerProcess } from '../support/server-process.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Two server processes behind one load balancer, on the same database and sharing the local
 * Redis: `a` runs in this test process, `b` is a real `node apps/server/dist/main.js`. Each test
 * file gets its own pub/sub channel so parallel runs do not mix.
 */
let a: TestServer;
let b: ServerProcess;
const { listen, close } = listeners();
const redisEnv = () => ({
  REDIS_URL: 'redis://127.0.0.1:6379',
  REALTIME_REDIS_CHANNEL: `courtside-test:realtime:${randomUUID()}`,
});

beforeAll(async () => {
  a = await startTestServer({ env: { ...GENERIC_SHOP_ENV, ...redisEnv() } });
  b = await a.twin();
});
afterAll(async () => {
  close();
  await b?.close();
  await a?.close();
});

let n = 0;
const order = (audience: string[]) =>
  documentEvent({ db: 'shop', col: 'orders', doc: `o${++n}` }, 'update', audience);
const about = (doc: string) => (e: { payload: unknown }) =>
  (e.payload as { $id?: string }).$id === doc;

describe('realtime across server processes (Redis)', () => {
  const published = (id: string) => (e: { payload: unknown; events: string[] }) =>
    about(id)(e) && e.events.some((x) => x.endsWith('.create'));

  it('a change made through one process reaches sockets on the other, once', async () => {
    const visitorOnB = await listen(sdkUser(b), ['documents']);
    const visitorOnA = await listen(sdkUser(a), ['documents']);
    const ownerOnA = await signedInAdmin(a);
    const ownerOnB = await signedInAdmin(b);
    const create = (owner: SdkUser, title: string) =>
      owner.databases.createDocument('shop', 'products', 'unique()', product({ title }), [
        Permission.read(Role.any()),
      ]);
    const fromA = await create(ownerOnA, 'Raised on A');
    const fromB = await create(ownerOnB, 'Raised on B');
    const marker = await create(ownerOnA, 'Marker');
    for (const sub of [visitorOnA, visitorOnB]) {
      await sub.next(published(marker.$id));
      expect((await sub.next(published(fromA.$id))).payload).toMatchObject({
        title: 'Raised on A',
      });
      await sub.next(published(fromB.$id));
      // Time for a duplicate (an echo of a process's own event) to show up if there were one.
      await new Promise((r) => setTimeout(r, 300));
      // Neither the process's own echo from Redis nor the remote copy is delivered twice.
      for (const id of [fromA.$id, fromB.$id, marker.$id]) {
        expect(sub.received.filter(about(id))).toHaveLength(1);
      }
    }
  });

  it("account changes made through one process reach the user's socket on the other", async () => {
    const user = await signedInUser(a, 'Two Process Person');
    const onB = sdkUser(b);
    onB.client.jar.set('cookieFallback', user.client.jar.get('cookieFallback')!);
    const sub = await listen(onB, ['account']);
    await user.account.updateName('Renamed Across');
    const e = await sub.next((x) => x.events.includes('users.*.update.name'));
    expect(e.payload).toMatchObject({ $id: user.me.$id, name: 'Renamed Across' });
  });

  it('permissions hold across processes: a logout on one process cuts the socket on the other', async () => {
    const alice = await signedInUser(a, 'Alice');
    const bob = await signedInUser(a, 'Bob');
    const aliceOnB = sdkUser(b);
    aliceOnB.client.jar.set('cookieFallback', alice.client.jar.get('cookieFallback')!);
    const sub = await listen(aliceOnB, ['documents']);

    const mine = order([`user:${alice.me.$id}`]);
    const bobs = order([`user:${bob.me.$id}`]);
    a.app.events.publish(mine);
    a.app.events.publish(bobs);
    const marker = order(['any']);
    a.app.events.publish(marker);
    await expectNothingBefore(sub, about(marker.payload.$id), about(bobs.payload.$id));
    expect(sub.received.filter(about(mine.payload.$id))).toHaveLength(1);

    await alice.account.deleteSession('current');
    const afterLogout = order([`user:${alice.me.$id}`]);
    a.app.events.publish(afterLogout);
    const marker2 = order(['any']);
    a.app.events.publish(marker2);
    await expectNothingBefore(sub, about(marker2.payload.$id), about(afterLogout.payload.$id));
  });
});

describe('realtime without Redis', () => {
  it('fans out within the process only', async () => {
    const one = await startTestServer({ env: GENERIC_SHOP_ENV });
    const two = await one.twin();
    try {
      const onTwo = await listen(sdkUser(two), ['documents']);
      const onOne = await listen(sdkUser(one), ['documents']);
      const local = order(['any']);
      one.app.events.publish(local);
      await onOne.next(about(local.payload.$id));
      // A change made through the second process reaches its own socket, not the first's.
      const ownerOnTwo = await signedInAdmin(two);
      const marker = await ownerOnTwo.databases.createDocument(
        'shop',
        'products',
        'unique()',
        product(),
        [Permission.read(Role.any())],
      );
      await expectNothingBefore(onTwo, about(marker.$id), about(local.payload.$id));
      const next = order(['any']);
      one.app.events.publish(next);
      await expectNothingBefore(onOne, about(next.payload.$id), about(marker.$id));
    } finally {
      close(-2);
      await two.close();
      await one.close();
    }
  });
});
