import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountTokensTable } from '../../src/modules/account/tables.js';
import { manualClock } from '../../src/tools/clock.js';
import { sha256 } from '../../src/tools/crypto.js';
import { expectError, raw } from '../support/expect-error.js';
import { lastMailTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date());
const RESET_URL = 'http://localhost:5173/reset-password';
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server.close());

/** Asks for a recovery e-mail and returns the userId and secret its link carries. */
async function requestRecovery(email: string) {
  const guest = sdkUser(server);
  const token = await guest.account.createRecovery(email, RESET_URL);
  const mail = await lastMailTo(server.dataDir, email);
  const link = linkIn(mail);
  return {
    guest,
    token,
    mail,
    link,
    userId: link.searchParams.get('userId')!,
    secret: link.searchParams.get('secret')!,
  };
}

describe('password recovery', () => {
  it('e-mails a one-hour link to the given page and answers a Token without the secret', async () => {
    const user = await signedInUser(server, 'Ayesha Khan');
    const { token, mail, link, userId, secret } = await requestRecovery(user.email);
    expect(token).toMatchObject({ userId: user.me.$id, secret: '' });
    expect(new Date(token.expire).getTime() - new Date(token.$createdAt).getTime()).toBe(3600_000);
    expect(mail.subject).toBe('Reset your Courtside password');
    expect(mail.text).toContain('Hello Ayesha Khan,');
    expect(mail.text).toContain('expires in 1 hour');
    expect(`${link.origin}${link.pathname}`).toBe(RESET_URL);
    expect(userId).toBe(user.me.$id);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(link.searchParams.get('expire')).toBe(token.expire);
    // Only the sha256 of the secret is stored.
    const stored = await server.app.db.kysely
      .withTables<{ account_tokens: AccountTokensTable }>()
      .selectFrom('account_tokens')
      .selectAll()
      .where('id', '=', token.$id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('sets the new password once; the old one stops working and the link cannot be reused', async () => {
    const user = await signedInUser(server);
    const { guest, userId, secret, token } = await requestRecovery(user.email);
    clock.advance(1000);
    const done = await guest.account.updateRecovery(
      userId,
      secret,
      'new password 1',
      'new password 1',
    );
    expect(done).toMatchObject({ $id: token.$id, userId, secret: '' });
    await expectError(sdkUser(server).account.createEmailSession(user.email, user.password), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    const fresh = sdkUser(server);
    await fresh.account.createEmailSession(user.email, 'new password 1');
    const me = await fresh.account.get();
    expect(me.emailVerification).toBe(true);
    expect(me.passwordUpdate > user.me.passwordUpdate).toBe(true);
    // Every session the user had ends with the reset (docs/protocol.md §3.0).
    await expectError(user.account.get(), { code: 401, type: 'general_unauthorized_scope' });
    await expectError(
      guest.account.updateRecovery(userId, secret, 'again pass 2', 'again pass 2'),
      {
        code: 401,
        type: 'user_invalid_token',
      },
    );
  });

  it('refuses a wrong secret, an expired link and mismatched passwords', async () => {
    const user = await signedInUser(server);
    const { guest, userId, secret } = await requestRecovery(user.email);
    await expectError(
      guest.account.updateRecovery(userId, 'f'.repeat(64), 'pass word 3', 'pass word 3'),
      {
        code: 401,
        type: 'user_invalid_token',
        message: 'Invalid token passed in the request.',
      },
    );
    await expectError(guest.account.updateRecovery(userId, secret, 'pass word 3', 'pass word 4'), {
      code: 400,
      type: 'user_password_mismatch',
    });
    await expectError(
      guest.account.updateRecovery('nobody', secret, 'pass word 3', 'pass word 3'),
      {
        code: 404,
        type: 'user_not_found',
      },
    );
    clock.advance(3601_000);
    await expectError(guest.account.updateRecovery(userId, secret, 'pass word 3', 'pass word 3'), {
      code: 401,
      type: 'user_invalid_token',
    });
    // The secret of another user's link does not work for this one.
    const other = await signedInUser(server);
    const theirs = await requestRecovery(other.email);
    await expectError(
      guest.account.updateRecovery(userId, theirs.secret, 'pass word 3', 'pass word 3'),
      {
        code: 401,
        type: 'user_invalid_token',
      },
    );
  });

  it('answers an unknown address as a known one, and tells that address what happened', async () => {
    const guest = sdkUser(server);
    const user = await signedInUser(server);
    const known = await guest.account.createRecovery(user.email, RESET_URL);
    const unknown = await guest.account.createRecovery('nobody@example.com', RESET_URL);
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort());
    expect(unknown).toMatchObject({ secret: '', userId: expect.stringMatching(/^[0-9a-f]{20}$/) });
    expect(new Date(unknown.expire).getTime() - new Date(unknown.$createdAt).getTime()).toBe(
      3600_000,
    );
    const mail = await lastMailTo(server.dataDir, 'nobody@example.com');
    expect(mail.text).toContain('there is no Courtside account for it');
    expect(mail.text).not.toMatch(/https?:\/\//);
  });

  it('sends links only to allowed hosts', async () => {
    const guest = sdkUser(server);
    const user = await signedInUser(server);
    await expectError(guest.account.createRecovery(user.email, 'https://evil.example/steal'), {
      code: 400,
      type: 'general_argument_invalid',
      message: /^Invalid `url` param: URL host must be one of: localhost/,
    });
    await expectError(guest.account.createRecovery(user.email, 'javascript:alert(1)'), {
      code: 400,
      type: 'general_argument_invalid',
    });
  });

  it('does not reset a blocked account', async () => {
    const user = await signedInUser(server);
    await user.account.updateStatus();
    // The same answer as for anyone; the e-mail says no link was sent, and why.
    const answer = await sdkUser(server).account.createRecovery(user.email, RESET_URL);
    expect(answer.userId).not.toBe(user.me.$id);
    const mail = await lastMailTo(server.dataDir, user.email);
    expect(mail.text).toContain('its account is blocked, so no link was sent');
  });
});

describe('missing arguments (docs/shop.md §5)', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['POST', '/account/recovery', { url: RESET_URL }, 'email'],
    ['POST', '/account/recovery', { email: 'a@example.com' }, 'url'],
    [
      'PUT',
      '/account/recovery',
      { secret: 's', password: 'p'.repeat(8), passwordAgain: 'p'.repeat(8) },
      'userId',
    ],
    [
      'PUT',
      '/account/recovery',
      { userId: 'u', password: 'p'.repeat(8), passwordAgain: 'p'.repeat(8) },
      'secret',
    ],
    [
      'PUT',
      '/account/recovery',
      { userId: 'u', secret: 's', passwordAgain: 'p'.repeat(8) },
      'password',
    ],
    [
      'PUT',
      '/account/recovery',
      { userId: 'u', secret: 's', password: 'p'.repeat(8) },
      'passwordAgain',
    ],
    ['POST', '/account', { email: 'a@example.com', password: 'p'.repeat(8) }, 'userId'],
    ['POST', '/account', { userId: 'unique()', password: 'p'.repeat(8) }, 'email'],
    ['POST', '/account', { userId: 'unique()', email: 'a@example.com' }, 'password'],
    ['POST', '/account/sessions/email', { password: 'p'.repeat(8) }, 'email'],
    ['POST', '/account/sessions/email', { email: 'a@example.com' }, 'password'],
  ];
  it.each(cases)('%s %s without %j names the missing one', async (method, path, body, name) => {
    const res = await raw(`${server.endpoint}${path}`, { method, body: JSON.stringify(body) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      type: 'general_argument_invalid',
      message: `Missing required parameter: "${name}"`,
    });
  });

  it('asks a signed-in user for the password, name, prefs and verification url', async () => {
    const user = await signedInUser(server);
    const fallback = user.client.jar.get('cookieFallback')!;
    const headers = { 'X-Fallback-Cookies': fallback };
    for (const [path, name, method] of [
      ['/account/password', 'password', 'PATCH'],
      ['/account/name', 'name', 'PATCH'],
      ['/account/prefs', 'prefs', 'PATCH'],
      ['/account/verification', 'url', 'POST'],
    ] as const) {
      const res = await raw(`${server.endpoint}${path}`, { method, headers, body: '{}' });
      expect(res.body?.message, path).toBe(`Missing required parameter: "${name}"`);
    }
  });
});
