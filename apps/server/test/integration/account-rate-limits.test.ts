import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { LOGIN_FAILURES_PER_EMAIL } from '../../src/modules/account/sessions/login-guard.js';
import { LOGINS_PER_IP } from '../../src/modules/account/routes.js';
import { expectError, raw } from '../support/expect-error.js';
import { nodeRequest } from '../support/node-request.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date('2026-03-01T10:00:00.000Z'));
beforeAll(async () => {
  server = await startTestServer({ clock, env: { RATE_LIMITS: 'on', TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

describe('rate limits (docs/protocol.md §9)', () => {
  it('holds an address that keeps guessing one account, never the owner elsewhere', async () => {
    const { account } = sdkUser(server);
    const email = uniqueEmail();
    await account.create('unique()', email, 'password123');
    // The test server trusts 127.0.0.1 as its proxy: X-Forwarded-For names the client.
    const login = (from: string, password: string) =>
      raw(`${server.endpoint}/account/sessions/email`, {
        method: 'POST',
        headers: { 'x-forwarded-for': from },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      expect((await login('198.51.100.7', 'wrong-password')).status).toBe(401);
    }
    // The guessing address waits for the hour to turn, even with the right password...
    const held = await login('198.51.100.7', 'password123');
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({ type: 'general_rate_limit_exceeded' });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...while the owner, at another address, signs in.
    expect((await login('203.0.113.20', 'password123')).status).toBe(201);
    // A right password is never counted: the owner signs in again and again.
    for (let i = 0; i < 3; i++)
      expect((await login('203.0.113.20', 'password123')).status).toBe(201);
    // A new address gets its try, and is held once it has failed too.
    expect((await login('192.0.2.99', 'wrong-password')).status).toBe(401);
    expect((await login('192.0.2.99', 'password123')).status).toBe(429);
    // Another e-mail is counted apart.
    await expectError(account.createEmailSession(uniqueEmail(), 'password123'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    clock.advance(3600_000);
    expect((await login('198.51.100.7', 'password123')).status).toBe(201);
  });

  it('allows 10 sign-ups per address an hour', async () => {
    clock.advance(3600_000);
    const { account } = sdkUser(server);
    for (let i = 0; i < 10; i++) await account.create('unique()', uniqueEmail(), 'password123');
    await expectError(account.create('unique()', uniqueEmail(), 'password123'), {
      code: 429,
      type: 'general_rate_limit_exceeded',
    });
  });

  it('keeps counting when the Host header changes (the key is the route, not the host)', async () => {
    clock.advance(3600_000);
    const { account } = sdkUser(server);
    const email = uniqueEmail();
    await account.create('unique()', email, 'password123');
    const login = (host?: string) =>
      nodeRequest(`${server.endpoint}/account/sessions/email`, {
        method: 'POST',
        headers: host ? { host } : {},
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
    for (let i = 0; i < 10; i++) expect((await login()).status).toBe(401);
    for (const host of [undefined, 'h1.example', 'h2.example', 'h3.example']) {
      const res = await login(host);
      expect({ host, status: res.status, type: res.body?.type }).toEqual({
        host,
        status: 429,
        type: 'general_rate_limit_exceeded',
      });
    }

    // Sign-up is limited per route and address: the route is its path, never the host.
    clock.advance(3600_000);
    const signUp = (host?: string) =>
      nodeRequest(`${server.endpoint}/account`, {
        method: 'POST',
        headers: host ? { host } : {},
        body: JSON.stringify({ userId: 'unique()', email: uniqueEmail(), password: 'password123' }),
      });
    for (let i = 0; i < 10; i++) expect((await signUp()).status).toBe(201);
    for (const host of ['h1.example', 'h2.example']) expect((await signUp(host)).status).toBe(429);
  });

  it('counts wrong passwords on /account/sessions/email and its alias together', async () => {
    clock.advance(3600_000);
    const email = uniqueEmail();
    const attempt = (path: string) =>
      raw(`${server.endpoint}${path}`, {
        method: 'POST',
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
    for (let i = 0; i < 5; i++) {
      expect((await attempt('/account/sessions/email')).status).toBe(401);
      expect((await attempt('/account/sessions')).status).toBe(401);
    }
    expect((await attempt('/account/sessions')).status).toBe(429);
    expect((await attempt('/account/sessions/email')).status).toBe(429);
  });

  it(`allows ${LOGINS_PER_IP} log-ins per client address an hour, whatever the e-mails`, async () => {
    clock.advance(3600_000);
    const { account } = sdkUser(server);
    for (let i = 0; i < LOGINS_PER_IP; i++) {
      await expectError(account.createEmailSession(uniqueEmail('spray'), 'password123'), {
        code: 401,
        type: 'user_invalid_credentials',
      });
    }
    const next = await raw(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('spray'), password: 'password123' }),
    });
    expect(next.status).toBe(429);
    expect(next.headers.get('x-ratelimit-limit')).toBe(String(LOGINS_PER_IP));
  });
});
