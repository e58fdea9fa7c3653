import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../support/expect-error.js';
import { signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let fallback: string;
beforeAll(async () => {
  server = await startTestServer();
  const user = await signedInUser(server);
  fallback = user.client.jar.get('cookieFallback')!;
});
afterAll(() => server.close());

/** As the signed-in user (the fallback header the SDK sends). */
const asUser = (path: string, init: RequestInit = {}) =>
  raw(`${server.endpoint}${path}`, {
    ...init,
    headers: { 'x-fallback-cookies': fallback, ...init.headers },
  });

const invalid = { status: 400, type: 'general_argument_invalid' };
const outcome = (res: Awaited<ReturnType<typeof raw>>) => ({
  status: res.status,
  type: res.body?.type,
});

describe('NUL characters never reach the database (PostgreSQL refuses them with an error)', () => {
  it('a forged session token whose user id holds one is just a guest', async () => {
    const token = Buffer.from(JSON.stringify({ id: 'x\u0000y', secret: 'guess' })).toString(
      'base64',
    );
    const res = await raw(`${server.endpoint}/account`, {
      headers: { 'x-fallback-cookies': JSON.stringify({ a_session_courtside: token }) },
    });
    expect(outcome(res)).toEqual({ status: 401, type: 'general_unauthorized_scope' });
  });

  it('path ids are checked as ids', async () => {
    for (const [method, path] of [
      ['GET', '/account/sessions/a%00b'],
      ['PATCH', '/account/sessions/a%00b'],
      ['DELETE', '/account/sessions/a%00b'],
      ['DELETE', '/account/identities/a%00b'],
      ['GET', `/account/sessions/${'x'.repeat(37)}`],
    ] as const) {
      const res = await asUser(path, { method, ...(method === 'GET' ? {} : { body: '{}' }) });
      expect({ method, path, ...outcome(res) }).toEqual({ method, path, ...invalid });
    }
    expect(
      outcome(await asUser('/account/identities/nope', { method: 'DELETE', body: '{}' })),
    ).toEqual({ status: 404, type: 'user_identity_not_found' });
  });

  it('an equal query with no values matches nothing; one with a NUL is refused', async () => {
    const none = await asUser(
      `/account/identities?queries[0]=${encodeURIComponent('equal("provider",[])')}`,
    );
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, identities: [] });
    const nul = await asUser(
      // A real NUL in the value (the query parser, like Appwrite's, reads `\u0000` as plain text).
      `/account/identities?queries[0]=${encodeURIComponent('equal("provider",["a\u0000b"])')}`,
    );
    expect(outcome(nul)).toEqual(invalid);
  });

  it('text parameters refuse them', async () => {
    const res = await asUser('/account/name', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'a\u0000b' }),
    });
    expect(outcome(res)).toEqual(invalid);
    expect(res.body?.message).toBe(
      'Invalid `name` param: Value must not contain the NUL character (U+0000)',
    );
    const login = await raw(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      body: JSON.stringify({ email: 'a\u0000b@example.com', password: 'password123' }),
    });
    expect(outcome(login)).toEqual(invalid);
  });

  it('preferences keep them as data', async () => {
    const res = await asUser('/account/prefs', {
      method: 'PATCH',
      body: JSON.stringify({ prefs: { note: 'a\u0000b' } }),
    });
    expect(res.status).toBe(200);
    expect((await asUser('/account/prefs')).body).toEqual({ note: 'a\u0000b' });
  });
});
