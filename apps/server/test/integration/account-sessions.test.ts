import { Client, Account } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError } from '../support/expect-error.js';
import { sdkUser, signedInUser, uniqueEmail, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date());
beforeAll(async () => {
  server = await startTestServer({ clock, env: { MAX_SESSIONS: '3', SESSION_DURATION: '3600' } });
});
afterAll(() => server.close());

describe('sessions', () => {
  it("lists the user's sessions oldest first and marks the current one", async () => {
    const first = await signedInUser(server);
    const second = sdkUser(server);
    await second.account.createEmailSession(first.email, first.password);
    const list = await second.account.listSessions();
    expect(list.total).toBe(2);
    expect(list.sessions.map((s) => s.current)).toEqual([false, true]);
    expect(list.sessions[0]!.$createdAt <= list.sessions[1]!.$createdAt).toBe(true);
  });

  it('ends the current session and forgets it in the fallback cookie', async () => {
    const user = await signedInUser(server);
    const other = sdkUser(server);
    await other.account.createEmailSession(user.email, user.password);
    await user.account.deleteSession('current');
    expect(user.client.jar.get('cookieFallback')).toBe('[]');
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    expect((await other.account.get()).$id).toBe(user.me.$id);
  });

  it('ends another session and stays signed in', async () => {
    const user = await signedInUser(server);
    const other = sdkUser(server);
    const otherSession = await other.account.createEmailSession(user.email, user.password);
    await user.account.deleteSession(otherSession.$id);
    await expectError(other.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    expect((await user.account.get()).$id).toBe(user.me.$id);
    await expectError(user.account.getSession(otherSession.$id), {
      code: 404,
      type: 'user_session_not_found',
    });
  });

  it("cannot see or end someone else's session", async () => {
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    const bSession = await b.account.getSession('current');
    await expectError(a.account.getSession(bSession.$id), {
      code: 404,
      type: 'user_session_not_found',
    });
    await expectError(a.account.deleteSession(bSession.$id), {
      code: 404,
      type: 'user_session_not_found',
    });
    expect((await b.account.get()).$id).toBe(b.me.$id);
  });

  it('logs out everywhere', async () => {
    const user = await signedInUser(server);
    const other = sdkUser(server);
    await other.account.createEmailSession(user.email, user.password);
    await user.account.deleteSessions();
    expect(user.client.jar.get('cookieFallback')).toBe('[]');
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    await expectError(other.account.get(), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('refuses to refresh a session that has no provider tokens', async () => {
    const user = await signedInUser(server);
    await expectError(user.account.updateSession('current'), {
      code: 501,
      type: 'project_provider_unsupported',
    });
    await expectError(user.account.updateSession('nope'), {
      code: 404,
      type: 'user_session_not_found',
    });
  });

  it('keeps at most MAX_SESSIONS sessions, evicting the oldest', async () => {
    const user = await signedInUser(server);
    const others = [sdkUser(server), sdkUser(server), sdkUser(server)];
    for (const o of others) {
      clock.advance(1000);
      await o.account.createEmailSession(user.email, user.password);
    }
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    const list = await others[2]!.account.listSessions();
    expect(list.total).toBe(3);
  });

  it('expires sessions after SESSION_DURATION', async () => {
    const user = await signedInUser(server);
    const session = await user.account.getSession('current');
    expect(new Date(session.expire).getTime() - new Date(session.$createdAt).getTime()).toBe(
      3600_000,
    );
    clock.advance(3601_000);
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('does not show or end an expired session by its id', async () => {
    const user = await signedInUser(server);
    const old = await user.account.getSession('current');
    clock.advance(1800_000);
    const later = sdkUser(server);
    await later.account.createEmailSession(user.email, user.password);
    clock.advance(1801_000);
    const gone = { code: 404, type: 'user_session_not_found' };
    await expectError(later.account.getSession(old.$id), gone);
    await expectError(later.account.deleteSession(old.$id), gone);
    expect((await later.account.listSessions()).total).toBe(1);
  });

  it('ignores a forged session token', async () => {
    const user = sdkUser(server);
    const forged = Buffer.from(JSON.stringify({ id: 'someone', secret: 'guess' })).toString(
      'base64',
    );
    user.client.jar.set('cookieFallback', JSON.stringify({ a_session_courtside: forged }));
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    user.client.jar.set('cookieFallback', '{broken');
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('tells many callers at once each who they are, by token or JWT, and no one else', async () => {
    const users = await Promise.all([1, 2, 3, 4].map((n) => signedInUser(server, `Caller ${n}`)));
    const tokenOf = (u: SdkUser) =>
      JSON.parse(u.client.jar.get('cookieFallback')!) as Record<string, string>;
    const secretOf = (u: SdkUser) =>
      (
        JSON.parse(Buffer.from(tokenOf(u).a_session_courtside!, 'base64').toString()) as {
          secret: string;
        }
      ).secret;
    // The first user's id with the second's secret.
    const mixed = sdkUser(server);
    const token = Buffer.from(
      JSON.stringify({ id: users[0]!.me.$id, secret: secretOf(users[1]!) }),
    ).toString('base64');
    mixed.client.jar.set('cookieFallback', JSON.stringify({ a_session_courtside: token }));
    const { jwt } = await users[2]!.account.createJWT();
    const viaJwt = new Account(
      new Client().setEndpoint(server.endpoint).setProject('courtside').setJWT(jwt),
    );
    // The last one signed out, but its client still sends the token.
    const gone = sdkUser(server);
    gone.client.jar.set('cookieFallback', JSON.stringify(tokenOf(users[3]!)));
    await users[3]!.account.deleteSession('current');

    const asked = await Promise.allSettled([
      ...users.slice(0, 3).flatMap((u) => [u.account.get(), u.account.get()]),
      viaJwt.get(),
      mixed.account.get(),
      gone.account.get(),
    ]);
    const who = asked.map((a) => (a.status === 'fulfilled' ? a.value.name : 'guest'));
    expect(who).toEqual([
      'Caller 1',
      'Caller 1',
      'Caller 2',
      'Caller 2',
      'Caller 3',
      'Caller 3',
      'Caller 3',
      'guest',
      'guest',
    ]);
  });
});

describe('JWT', () => {
  it('stands for its session for 15 minutes', async () => {
    const user = await signedInUser(server);
    const { jwt } = await user.account.createJWT();
    expect(jwt.split('.')).toHaveLength(3);
    const viaJwt = new Account(
      new Client().setEndpoint(server.endpoint).setProject('courtside').setJWT(jwt),
    );
    expect((await viaJwt.get()).$id).toBe(user.me.$id);
    await expectError(viaJwt.createJWT(), { code: 404, type: 'user_session_not_found' });
    clock.advance(911_000);
    await expectError(viaJwt.get(), { code: 401, type: 'user_jwt_invalid' });
  });

  it('dies with its session and refuses a forged one', async () => {
    const user = await signedInUser(server);
    const { jwt } = await user.account.createJWT();
    await user.account.deleteSession('current');
    const viaJwt = new Account(
      new Client().setEndpoint(server.endpoint).setProject('courtside').setJWT(jwt),
    );
    await expectError(viaJwt.get(), { code: 401, type: 'general_unauthorized_scope' });
    const forged = `${jwt.split('.').slice(0, 2).join('.')}.c2lnbmF0dXJl`;
    const viaForged = new Account(
      new Client().setEndpoint(server.endpoint).setProject('courtside').setJWT(forged),
    );
    await expectError(viaForged.get(), { code: 401, type: 'user_jwt_invalid' });
  });

  it('needs a session to be made', async () => {
    const guest = sdkUser(server);
    await expectError(guest.account.createJWT(), { code: 401, type: 'general_unauthorized_scope' });
    expect(uniqueEmail()).toContain('@');
  });
});
