import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { documentEvent, expectNothingBefore, fileEvent, listeners } from '../support/realtime.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const { listen, close } = listeners();
const ADMIN = { email: 'owner@courtside.test', password: 'owner-password-1' };

beforeAll(async () => {
  server = await startTestServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
});
afterAll(async () => {
  close();
  await server.close();
});

let n = 0;
/** A document event on the orders collection, with a unique id to look for. */
const order = (audience: string[]) => {
  const doc = `order${++n}`;
  return { doc, event: documentEvent({ db: 'shop', col: 'orders', doc }, 'update', audience) };
};
const publish = (e: ReturnType<typeof order>) => {
  server.app.events.publish(e.event);
  return e.doc;
};
const about = (doc: string) => (e: { payload: unknown }) =>
  (e.payload as { $id?: string }).$id === doc;

describe('realtime: who receives what', () => {
  it("a customer receives events on their own documents, never another customer's", async () => {
    const alice = await signedInUser(server, 'Alice');
    const bob = await signedInUser(server, 'Bob');
    const aliceSub = await listen(alice, ['documents']);
    const bobSub = await listen(bob, ['documents']);

    const forAlice = publish(order([`user:${alice.me.$id}`, 'label:admin']));
    const forBob = publish(order([`user:${bob.me.$id}`, 'label:admin']));
    const forUsers = publish(order(['users']));

    await expectNothingBefore(aliceSub, about(forUsers), about(forBob));
    await expectNothingBefore(bobSub, about(forUsers), about(forAlice));
    expect(aliceSub.received.map((e) => (e.payload as { $id: string }).$id)).toEqual([
      forAlice,
      forUsers,
    ]);
  });

  it('a visitor receives public events and nothing meant for users or labels', async () => {
    const visitor = sdkUser(server);
    const sub = await listen(visitor, ['documents', 'files']);
    const secret = publish(order(['users', 'label:admin']));
    server.app.events.publish(fileEvent({ bucket: 'images', file: 'hidden' }, 'create', ['users']));
    const forGuests = publish(order(['guests']));
    server.app.events.publish(fileEvent({ bucket: 'images', file: 'f1' }, 'create', ['any']));
    await expectNothingBefore(sub, about('f1'), (e) => about(secret)(e) || about('hidden')(e));
    expect(sub.received.filter(about(forGuests))).toHaveLength(1);
  });

  it('the account channel goes only to its own user', async () => {
    const carol = await signedInUser(server, 'Carol');
    const dave = await signedInUser(server, 'Dave');
    const visitor = sdkUser(server);
    const carolSub = await listen(carol, ['account']);
    const daveSub = await listen(dave, ['account']);
    const visitorSub = await listen(visitor, ['account', `account.${carol.me.$id}`, 'documents']);
    await carol.account.updatePrefs({ size: 44 });
    await dave.account.updatePrefs({ size: 45 });
    const carolEvent = await carolSub.next((e) => e.events.includes('users.*.update.prefs'));
    expect(carolEvent.payload).toMatchObject({ $id: carol.me.$id, prefs: { size: 44 } });
    await daveSub.next((e) => e.events.includes('users.*.update.prefs'));
    expect(carolSub.received.every((e) => about(carol.me.$id)(e))).toBe(true);
    expect(daveSub.received.every((e) => about(dave.me.$id)(e))).toBe(true);
    // Even asking for account.<carol> by name gives a visitor nothing.
    const marker = publish(order(['any']));
    await visitorSub.next(about(marker));
    expect(visitorSub.received.map((e) => e.channels[0])).toEqual(['documents']);
  });

  it('the admin label receives what is shared with label:admin', async () => {
    const admin = sdkUser(server);
    await admin.account.createEmailSession(ADMIN.email, ADMIN.password);
    const sub = await listen(admin, ['databases.shop.collections.orders.documents']);
    const doc = publish(order(['user:someone', 'label:admin']));
    await sub.next(about(doc));
  });
});

describe('realtime: permissions are checked at delivery, not at connect', () => {
  it('a logout stops user-only events at once; public events still arrive', async () => {
    const erin = await signedInUser(server, 'Erin');
    const sub = await listen(erin, ['documents']);
    const before = publish(order([`user:${erin.me.$id}`]));
    await sub.next(about(before));

    await erin.account.deleteSession('current');
    const after = publish(order([`user:${erin.me.$id}`]));
    const marker = publish(order(['any']));
    await expectNothingBefore(sub, about(marker), about(after));
  });

  it('ending the session from another device cuts the socket off too', async () => {
    const frank = await signedInUser(server, 'Frank');
    const sub = await listen(frank, ['account', 'documents']);
    const other = sdkUser(server);
    await other.account.createEmailSession(frank.email, frank.password);
    // While the session lives, the socket hears about the new sign-in.
    await sub.next((e) => e.events.includes('users.*.sessions.*.create'));
    await other.account.deleteSessions();
    const after = publish(order([`user:${frank.me.$id}`, 'users']));
    const marker = publish(order(['any']));
    await expectNothingBefore(sub, about(marker), about(after));
    // Its own logout is already past the cut: no account event after it reaches the socket.
    expect(sub.received.filter((e) => e.events.includes('users.*.sessions.*.delete'))).toEqual([]);
  });

  it('a removed label counts from the next event', async () => {
    const grace = await signedInUser(server, 'Grace');
    await server.app.db.kysely
      .updateTable('users' as never)
      .set({ labels: JSON.stringify(['admin']) } as never)
      .where('id' as never, '=', grace.me.$id as never)
      .execute();
    const sub = await listen(grace, ['documents']);
    const asAdmin = publish(order(['label:admin']));
    await sub.next(about(asAdmin));

    await server.app.db.kysely
      .updateTable('users' as never)
      .set({ labels: '[]' } as never)
      .where('id' as never, '=', grace.me.$id as never)
      .execute();
    const afterRemoval = publish(order(['label:admin']));
    const marker = publish(order(['any']));
    await expectNothingBefore(sub, about(marker), about(afterRemoval));
  });

  it('a user who blocks their account stops receiving user-only events', async () => {
    const heidi = await signedInUser(server, 'Heidi');
    const sub = await listen(heidi, ['documents']);
    await heidi.account.updateStatus();
    const after = publish(order([`user:${heidi.me.$id}`]));
    const marker = publish(order(['any']));
    await expectNothingBefore(sub, about(marker), about(after));
  });
});
