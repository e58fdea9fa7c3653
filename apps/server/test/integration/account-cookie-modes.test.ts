import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRequest, type NodeResponse } from '../support/node-request.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Signs a new user up and logs in by hand, as a browser on `origin` reaching `host`. */
async function login(server: TestServer, headers: Record<string, string>): Promise<NodeResponse> {
  const email = uniqueEmail();
  await sdkUser(server).account.create('unique()', email, 'password123');
  return nodeRequest(`${server.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'password123' }),
  });
}

const setCookies = (res: NodeResponse) => (res.headers['set-cookie'] ?? []) as string[];

describe('a web app on another site than the API (WEB_URL, docs/protocol.md, addition 2)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { PUBLIC_URL: 'https://api.courtside-api.pk', WEB_URL: 'https://courtside.shop' },
    });
  });
  afterAll(() => server.close());

  it('gets SameSite=None; Secure cookies, and the fallback header', async () => {
    const res = await login(server, {
      host: 'api.courtside-api.pk',
      origin: 'https://courtside.shop',
    });
    expect(res.status).toBe(201);
    const [legacy, main] = setCookies(res) as [string, string];
    expect(main).toMatch(/^a_session_courtside=[^;]+;.*HttpOnly; Secure; SameSite=None$/);
    expect(legacy).toMatch(/^a_session_courtside_legacy=[^;]+;.*HttpOnly; Secure$/);
    expect(JSON.parse(String(res.headers['x-fallback-cookies']))).toHaveProperty(
      'a_session_courtside',
    );
  });
});

describe('a web app on the API’s own site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        PUBLIC_URL: 'https://api.courtside.pk',
        WEB_URL: 'https://www.courtside.pk',
        ALLOWED_ORIGINS: 'https://www.courtside.pk',
      },
    });
  });
  afterAll(() => server.close());

  it('gets SameSite=Lax cookies and no X-Fallback-Cookies (the cookie reaches the API)', async () => {
    const res = await login(server, {
      host: 'api.courtside.pk',
      origin: 'https://www.courtside.pk',
    });
    expect(res.status).toBe(201);
    const [, main] = setCookies(res) as [string, string];
    expect(main).toMatch(/HttpOnly; Secure; SameSite=Lax$/);
    expect(res.headers['x-fallback-cookies']).toBeUndefined();

    // A caller with no Origin (a script, the SDK in Node) cannot use the cookie: it gets the header.
    const elsewhere = await login(server, { host: 'api.courtside.pk' });
    expect(elsewhere.headers['x-fallback-cookies']).toBeDefined();
  });
});
