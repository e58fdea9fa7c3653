import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import {
  documentEvent,
  expectNothingBefore,
  subscribe,
  type Subscription,
} from '../support/realtime.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Two server processes behind one load balancer: two apps on the same database sharing the
 * local Redis. Each test file gets its own pub/sub channel so parallel runs do not mix.
 */
let a: TestServer;
let b: TestServer;
const subs: Subscription[] = [];
const redisEnv = () => ({
  REDIS_URL: 'redis://127.0.0.1:6379',
  REALTIME_REDIS_CHANNEL: `courtside-test:realtime:${randomUUID()}`,
});

beforeAll(async () => {
  const env = redisEnv();
  a = await startTestServer({ env });
  b = await a.twin({ env });
});
afterAll(async () => {
  for (const s of subs) s.close();
  await b?.close();
  await a?.close();
});

async function listen(user: SdkUser, channels: string[]) {
  const s = await subscribe(user, channels);
  subs.push(s);
  return s;
}

let n = 0;
const order = (audience: string[]) =>
  documentEvent({ db: 'shop', col: 'orders', doc: `o${++n}` }, 'update', audience);
const about = (doc: string) => (e: { payload: unknown }) =>
  (e.payload as { $id?: string }).$id === doc;

describe('realtime across server processes (Redis)', () => {
  it('an event raised on one process reaches sockets on the other, once', async () => {
    const visitorOnB = await listen(sdkUser(b), ['documents']);
    const visitorOnA = await listen(sdkUser(a), ['documents']);
    const fromA = order(['any']);
    const fromB = order(['any']);
    a.app.events.publish(fromA);
    b.app.events.publish(fromB);
    const marker = order(['any']);
    a.app.events.publish(marker);
    for (const sub of [visitorOnA, visitorOnB]) {
      await sub.next(about(marker.payload.$id));
      await sub.next(about(fromB.payload.$id));
      await sub.next(about(fromA.payload.$id));
      // Time for a duplicate (an echo of a process's own event) to show up if there were one.
      await new Promise((r) => setTimeout(r, 200));
      // Neither the process's own echo from Redis nor the remote copy is delivered twice.
      const ids = sub.received.map((e) => (e.payload as { $id: string }).$id);
      expect(ids.filter((id) => id === fromA.payload.$id)).toHaveLength(1);
      expect(ids.filter((id) => id === fromB.payload.$id)).toHaveLength(1);
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
    const one = await startTestServer();
    const two = await one.twin();
    try {
      const onTwo = await subscribe(sdkUser(two), ['documents']);
      subs.push(onTwo);
      const onOne = await subscribe(sdkUser(one), ['documents']);
      subs.push(onOne);
      const local = order(['any']);
      one.app.events.publish(local);
      await onOne.next(about(local.payload.$id));
      const marker = order(['any']);
      two.app.events.publish(marker);
      await expectNothingBefore(onTwo, about(marker.payload.$id), about(local.payload.$id));
    } finally {
      for (const s of subs.splice(-2)) s.close();
      await two.close();
      await one.close();
    }
  });
});
