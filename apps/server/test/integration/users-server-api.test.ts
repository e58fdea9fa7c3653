import { Query } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { keyedSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The users API as node-appwrite 11.1 calls it with a key (docs/protocol.md §3.3), answering
 * 1.4's User model.
 */
let server: TestServer;
let sdk: ServerSdk;

beforeAll(async () => {
  server = await startTestServer();
  sdk = await keyedSdk(server, ['users.read', 'users.write', 'users.admin']);
});
afterAll(() => server.close());

const USER_KEYS = [
  '$id',
  '$createdAt',
  '$updatedAt',
  'name',
  'password',
  'hash',
  'hashOptions',
  'registration',
  'status',
  'labels',
  'passwordUpdate',
  'email',
  'phone',
  'emailVerification',
  'phoneVerification',
  'prefs',
  'accessedAt',
];

/** A browser's sign-in, through the Web SDK the shop's pages use. */
async function signIn(email: string, password: string) {
  const browser = sdkUser(server);
  await browser.account.createEmailSession(email, password);
  return browser;
}

describe('creating and reading users', () => {
  it('creates a user with a password, shown with its hash as 1.4 shows it to a key', async () => {
    const email = uniqueEmail('made');
    const user = await sdk.users.create('made-by-key', email, undefined, 'a-good-password', 'Made');
    expect(Object.keys(user)).toEqual(USER_KEYS);
    expect(user).toMatchObject({
      $id: 'made-by-key',
      name: 'Made',
      email,
      status: true,
      labels: [],
      hash: 'argon2',
      hashOptions: { type: 'argon2', memoryCost: 19456, timeCost: 2, threads: 1 },
      emailVerification: false,
      prefs: {},
    });
    expect(user.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await sdk.users.get('made-by-key')).toEqual(user);

    // The person signs in with it, and their own Account model never shows a hash.
    const me = await (await signIn(email, 'a-good-password')).account.get();
    expect(me).not.toHaveProperty('password');
    expect(me).not.toHaveProperty('hash');

    await expectError(sdk.users.create('made-by-key', uniqueEmail()), {
      code: 409,
      type: 'user_already_exists',
    });
    await expectError(sdk.users.get('nobody'), { code: 404, type: 'user_not_found' });
  });

  it('lists users with queries, search and cursors', async () => {
    const tag = `t${Date.now().toString(36)}`;
    const made = [];
    for (const name of ['Ayesha Khan', 'Bilal Ahmed', 'Chand Bibi']) {
      made.push(await sdk.users.create('unique()', uniqueEmail(tag), undefined, undefined, name));
    }
    const mine = Query.startsWith('email', `${tag}.`);
    const all = await sdk.users.list([mine]);
    expect(all.total).toBe(3);
    expect(all.users.map((u) => u.name)).toEqual(['Ayesha Khan', 'Bilal Ahmed', 'Chand Bibi']);
    const newest = await sdk.users.list([mine, Query.orderDesc('$createdAt'), Query.limit(1)]);
    expect(newest).toMatchObject({ total: 3, users: [{ name: 'Chand Bibi' }] });
    const after = await sdk.users.list([mine, Query.cursorAfter(made[0]!.$id)]);
    expect(after.users.map((u) => u.name)).toEqual(['Bilal Ahmed', 'Chand Bibi']);

    expect((await sdk.users.list([mine], 'bilal')).users.map((u) => u.name)).toEqual([
      'Bilal Ahmed',
    ]);
    // The search reads the e-mail's words too, and an id.
    expect((await sdk.users.list([], tag)).total).toBe(3);
    expect((await sdk.users.list([], made[2]!.$id)).users.map((u) => u.$id)).toEqual([
      made[2]!.$id,
    ]);

    await sdk.users.updateLabels(made[1]!.$id, ['vip']);
    const vip = await sdk.users.list([Query.equal('labels', ['vip'])]);
    expect(vip.users.map((u) => u.$id)).toEqual([made[1]!.$id]);

    await expectError(sdk.users.list([Query.equal('password', ['x'])]), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid query: Attribute not found in schema: password',
    });
    await expectError(sdk.users.list([Query.cursorAfter('nobody')]), {
      code: 400,
      type: 'general_cursor_not_found',
    });
  });
});

describe('changing a user', () => {
  it('changes labels, name, e-mail, phone, verification and preferences', async () => {
    const email = uniqueEmail('change');
    const { $id } = await sdk.users.create('unique()', email, undefined, 'first-password');
    expect(await sdk.users.updateLabels($id, ['admin', 'vip', 'admin'])).toMatchObject({
      labels: ['admin', 'vip'],
    });
    await expectError(sdk.users.updateLabels($id, ['not ok']), {
      code: 400,
      type: 'general_argument_invalid',
    });
    expect(await sdk.users.updateName($id, 'New Name')).toMatchObject({ name: 'New Name' });
    const moved = uniqueEmail('moved');
    expect(await sdk.users.updateEmail($id, moved.toUpperCase())).toMatchObject({
      email: moved,
      emailVerification: false,
    });
    expect(await sdk.users.updateEmailVerification($id, true)).toMatchObject({
      emailVerification: true,
    });
    expect(await sdk.users.updatePhone($id, '+923001112233')).toMatchObject({
      phone: '+923001112233',
      phoneVerification: false,
    });
    expect(await sdk.users.updatePhoneVerification($id, true)).toMatchObject({
      phoneVerification: true,
    });
    expect(await sdk.users.updatePrefs($id, { city: 'Lahore' })).toEqual({ city: 'Lahore' });
    expect(await sdk.users.getPrefs($id)).toEqual({ city: 'Lahore' });

    const other = await sdk.users.create('unique()', uniqueEmail('other'));
    await expectError(sdk.users.updateEmail(other.$id, moved), {
      code: 409,
      type: 'user_email_already_exists',
    });
    await expectError(sdk.users.updatePhone(other.$id, '+923001112233'), {
      code: 409,
      type: 'user_phone_already_exists',
    });

    // The admin label is the dashboard's: the person now signs in as the shop's owner.
    const browser = await signIn(moved, 'first-password');
    expect((await browser.account.get()).labels).toEqual(['admin', 'vip']);
  });

  it('sets a password and blocks or unblocks a user', async () => {
    const email = uniqueEmail('block');
    const { $id } = await sdk.users.create('unique()', email, undefined, 'first-password');
    const changed = await sdk.users.updatePassword($id, 'second-password');
    expect(changed.passwordUpdate).not.toBe('');
    await expectError(signIn(email, 'first-password'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    const browser = await signIn(email, 'second-password');

    expect(await sdk.users.updateStatus($id, false)).toMatchObject({ status: false });
    await expectError(browser.account.get(), { code: 401, type: 'user_blocked' });
    await expectError(signIn(email, 'second-password'), { code: 401, type: 'user_blocked' });
    await sdk.users.updateStatus($id, true);
    expect((await browser.account.get()).$id).toBe($id);
  });
});

describe("a user's sessions, logs and deletion", () => {
  it('lists and ends sessions, one or all', async () => {
    const email = uniqueEmail('sessions');
    const { $id } = await sdk.users.create('unique()', email, undefined, 'session-password');
    const phone = await signIn(email, 'session-password');
    const laptop = await signIn(email, 'session-password');
    const listed = await sdk.users.listSessions($id);
    expect(listed.total).toBe(2);
    expect(listed.sessions.every((s) => s.userId === $id && s.current === false)).toBe(true);

    const phoneSession = await phone.account.getSession('current');
    await sdk.users.deleteSession($id, phoneSession.$id);
    await expectError(phone.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    expect((await laptop.account.get()).$id).toBe($id);
    await expectError(sdk.users.deleteSession($id, phoneSession.$id), {
      code: 404,
      type: 'user_session_not_found',
    });

    await sdk.users.deleteSessions($id);
    await expectError(laptop.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    expect((await sdk.users.listSessions($id)).total).toBe(0);

    const logs = await sdk.users.listLogs($id, [Query.limit(2)]);
    expect(logs.logs.map((l) => l.event)).toEqual(['session.delete', 'session.delete']);
  });

  it('deletes a user, who then signs in no more', async () => {
    const email = uniqueEmail('gone');
    const { $id } = await sdk.users.create('unique()', email, undefined, 'gone-password');
    const browser = await signIn(email, 'gone-password');
    await sdk.users.delete($id);
    await expectError(sdk.users.get($id), { code: 404, type: 'user_not_found' });
    await expectError(browser.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    await expectError(signIn(email, 'gone-password'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    // The address is free again.
    await sdk.users.create('unique()', email);
  });
});

describe('scopes and health', () => {
  it('reads with users.read, writes only with users.write', async () => {
    const reader = await keyedSdk(server, ['users.read']);
    await reader.users.list();
    await expectError(reader.users.create('unique()', uniqueEmail()), {
      code: 401,
      type: 'general_unauthorized_scope',
      message: 'app.courtside@service.127.0.0.1 (role: applications) missing scope (users.write)',
    });
    const other = await keyedSdk(server, ['documents.read']);
    await expectError(other.users.get('made-by-key'), {
      code: 401,
      type: 'general_unauthorized_scope',
    });
    // A person, even the shop's owner, has no users scope: only a key does.
    const email = uniqueEmail('person');
    const person = await sdk.users.create('unique()', email, undefined, 'person-password');
    await sdk.users.updateLabels(person.$id, ['admin']);
    const browser = await signIn(email, 'person-password');
    const res = await raw(`${server.endpoint}/users`, {
      headers: { 'X-Fallback-Cookies': browser.client.jar.get('cookieFallback')! },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      type: 'general_unauthorized_scope',
      message: `${email} (role: users) missing scope (users.read)`,
    });
  });

  it('answers the health checks to any key', async () => {
    const any = await keyedSdk(server, ['documents.read']);
    expect(await any.health.get()).toEqual({ name: 'http', status: 'pass', ping: 0 });
    expect(await any.health.getDB()).toMatchObject({ name: 'database', status: 'pass' });
    expect(await any.health.getCache()).toMatchObject({ name: 'cache', status: 'pass' });
    expect(await any.health.getStorageLocal()).toMatchObject({ name: 'storage', status: 'pass' });
    expect(await any.health.getAntivirus()).toEqual({ version: '', status: 'disabled' });
    const res = await fetch(`${server.endpoint}/health`, {
      headers: { 'X-Appwrite-Project': 'courtside' },
    });
    expect(res.status).toBe(401);
  });
});
