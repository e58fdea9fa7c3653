import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../support/expect-error.js';
import { signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** What vitest.config.ts gives hooks, where servers usually start. */
const HOOK_BUDGET = 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function register(email = uniqueEmail()) {
  await raw(`${server.endpoint}/account`, {
    method: 'POST',
    body: JSON.stringify({ userId: 'unique()', email, password: 'password123', name: 'Cookie' }),
  });
  return email;
}

async function login(email: string, headers: Record<string, string> = {}) {
  return raw(`${server.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'password123' }),
  });
}

const cookiePair = (setCookie: string) => setCookie.split(';')[0]!;

describe('session cookies (docs/protocol.md §1.8, addition 2)', () => {
  it('sets the HttpOnly session cookie and its legacy twin', async () => {
    const res = await login(await register());
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    const [legacy, main] = cookies as [string, string];
    expect(legacy).toMatch(/^a_session_courtside_legacy=/);
    expect(legacy).toMatch(/HttpOnly/);
    expect(legacy).not.toMatch(/SameSite/);
    expect(main).toMatch(/^a_session_courtside=/);
    expect(main).toMatch(/HttpOnly; SameSite=Lax/);
    expect(main).not.toMatch(/Secure/);
  });

  it('authenticates by cookie alone, and clears it on logout', async () => {
    const res = await login(await register());
    const cookie = cookiePair(res.headers.getSetCookie()[1]!);
    const me = await raw(`${server.endpoint}/account`, { headers: { cookie } });
    expect(me.status).toBe(200);
    const out = await raw(`${server.endpoint}/account/sessions/current`, {
      method: 'DELETE',
      headers: { cookie },
      body: '{}',
    });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    expect(out.headers.get('x-fallback-cookies')).toBe('[]');
    expect(out.headers.getSetCookie().join('\n')).toContain('a_session_courtside=deleted');
    expect((await raw(`${server.endpoint}/account`, { headers: { cookie } })).status).toBe(401);
  });

  it('sends the fallback header only when the caller is on another site', async () => {
    const email = await register();
    const local = await login(email, { origin: 'http://localhost:5173' });
    expect(JSON.parse(local.headers.get('x-fallback-cookies') ?? '{}')).toHaveProperty(
      'a_session_courtside',
    );
  });

  it('refuses a cookie-authenticated write without the project header (CSRF)', async () => {
    const res = await login(await register());
    const cookie = cookiePair(res.headers.getSetCookie()[1]!);
    const forged = await fetch(`${server.endpoint}/account/name?project=courtside`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hacked' }),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { type: string }).type).toBe('general_unknown_origin');
  });
});

describe('CORS, origins and projects (docs/protocol.md §1.5, 1.10)', () => {
  it("answers a preflight with the protocol's headers", async () => {
    const res = await fetch(`${server.endpoint}/account/sessions/email`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toBe('X-Fallback-Cookies');
    expect(res.headers.get('access-control-allow-headers')).toMatch(
      /X-Appwrite-Project.*X-Fallback-Cookies$/,
    );
  });

  it("grants an allowed origin's reads, and sends the preflight's lists only to preflights", async () => {
    const cross = await raw(`${server.endpoint}/databases/shop/collections/products/documents`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(cross.status).toBe(200);
    expect(cross.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(cross.headers.get('access-control-allow-credentials')).toBe('true');
    expect(cross.headers.get('access-control-expose-headers')).toBe('X-Fallback-Cookies');
    expect(cross.headers.get('vary')).toBe('Origin');
    expect(cross.headers.get('access-control-allow-headers')).toBeNull();
    expect(cross.headers.get('access-control-allow-methods')).toBeNull();
    // No Origin: no cross-origin request, no grant; still marked as varying by Origin.
    const same = await raw(`${server.endpoint}/databases/shop/collections/products/documents`);
    expect(same.status).toBe(200);
    expect(same.headers.get('access-control-allow-origin')).toBeNull();
    expect(same.headers.get('access-control-allow-credentials')).toBeNull();
    expect(same.headers.get('vary')).toBe('Origin');
  });

  it('gives no CORS grant to an unknown origin and refuses its writes', async () => {
    const read = await raw(`${server.endpoint}/account`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const write = await raw(`${server.endpoint}/account`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: JSON.stringify({ userId: 'unique()', email: uniqueEmail(), password: 'password123' }),
    });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({
      type: 'general_unknown_origin',
      message:
        'Invalid Origin. Register your new client (evil.example) as a new Web platform on your project console dashboard',
    });
  });

  it('refuses an unknown or missing project, readable by the browser', async () => {
    for (const project of ['someone-else', null]) {
      const res = await raw(`${server.endpoint}/account`, {
        project,
        headers: { origin: 'http://localhost' },
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ type: 'project_not_found', code: 404 });
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost');
    }
  });
});

describe('errors never crash the server', () => {
  it("answers broken JSON, unknown routes and wrong types with 4xx in the protocol's shape", async () => {
    const cases = [
      {
        path: '/account',
        method: 'POST',
        body: '{"userId":',
        type: 'general_argument_invalid',
        status: 400,
      },
      {
        path: '/account',
        method: 'POST',
        body: '{"__proto__":{"x":1}}',
        type: 'general_argument_invalid',
        status: 400,
      },
      {
        path: '/account',
        method: 'POST',
        body: '[1,2]',
        type: 'general_argument_invalid',
        status: 400,
      },
      {
        path: '/account',
        method: 'POST',
        body: '{"userId":5,"email":[],"password":{}}',
        type: 'general_argument_invalid',
        status: 400,
      },
      {
        path: '/account/sessions/email',
        method: 'POST',
        body: '"just a string"',
        type: 'general_argument_invalid',
        status: 400,
      },
      {
        path: '/nothing/here',
        method: 'GET',
        body: undefined,
        type: 'general_route_not_found',
        status: 404,
      },
      { path: '/account', method: 'PUT', body: '{}', type: 'general_route_not_found', status: 404 },
    ];
    for (const c of cases) {
      const res = await raw(`${server.endpoint}${c.path}`, { method: c.method, body: c.body });
      expect({ path: c.path, status: res.status, type: res.body?.type }).toEqual({
        path: c.path,
        status: c.status,
        type: c.type,
      });
      expect(res.body).toHaveProperty('version', '1.4.13');
      expect(res.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
    }
  });

  it("answers a URL the router cannot take (bad escape, overlong id) in the protocol's shape", async () => {
    for (const path of ['/account/sessions/%zz', `/account/sessions/${'a'.repeat(300)}`]) {
      const res = await raw(`${server.endpoint}${path}`, {
        headers: { origin: 'http://localhost:5173' },
      });
      expect({ status: res.status, type: res.body?.type, code: res.body?.code }).toEqual({
        status: 400,
        type: 'general_argument_invalid',
        code: 400,
      });
      expect(res.body).toHaveProperty('version', '1.4.13');
      expect(res.text).not.toContain('FST_ERR');
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    }
  });

  it('refuses a body that is too large with 413', async () => {
    const res = await raw(`${server.endpoint}/account/prefs`, {
      method: 'PATCH',
      body: JSON.stringify({ prefs: { x: 'y'.repeat(3 * 1024 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(res.body?.type).toBe('general_payload_too_large');
  });
});

describe('durability', () => {
  // Nothing here waits on a timer: the time goes to a full stop and start of the server (what
  // a hook gets HOOK_BUDGET for) and two argon2id operations (sign-up, log-in). Measured on
  // PostgreSQL: 0.1-0.7 s idle; at load average 18, up to 2.1 s for sign-up + log-in and 2.4 s
  // for the restart. So this test gets a start's budget, not the 30 s of a plain test.
  it(
    'keeps accounts and sessions across a restart',
    async () => {
      const user = await signedInUser(server, 'Restart Survivor');
      const before = await user.account.getSession('current');
      server = await server.restart();
      user.client.setEndpoint(server.endpoint);
      expect((await user.account.get()).name).toBe('Restart Survivor');
      expect((await user.account.getSession('current')).$id).toBe(before.$id);
    },
    HOOK_BUDGET,
  );
});
