import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../support/expect-error.js';
import { uniqueEmail } from '../support/sdk.js';
import { keyedSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Password hashes are checked on worker threads (password-pool.ts): however long a check takes,
 * the server goes on answering, and a check past PASSWORD_CHECK_TIMEOUT_MS, counted from when a
 * thread starts it, is stopped and answered as a wrong password.
 */

// Made with bcryptjs.hashSync(password, cost): about 2 s (14), 8 s (16) and 0.1 s (10) a check.
const BCRYPT_14 = '$2b$14$vShOuQWzTHE/zaAEy.xcVONpgk9Hgl4oXTL74q5kQcVzzAp8UNA0m';
const BCRYPT_16 = '$2b$16$H/Ka0D0MXSxtNg0kkmD93efrMq1AgwXqvZn8dQeTPo4G/KEIohA3K';
const BCRYPT_10 = '$2b$10$aPObFN5r5xj7cWVRug73O.3xrZUYcuHFl2KEUKxosA2kA4AEtoEWe';

const signIn = (server: TestServer, email: string, password: string) =>
  raw(`${server.endpoint}/account/sessions/email`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });

async function bcryptUser(sdk: ServerSdk, hash: string) {
  const email = uniqueEmail('bcrypt');
  const user = await sdk.users.createBcryptUser('unique()', email, hash);
  return { id: user.$id, email };
}

describe('while heavy hashes are checked', () => {
  let server: TestServer;
  let sdk: ServerSdk;
  beforeAll(async () => {
    // The checks are cut short past 2 s, so that the test does not wait for all of them.
    server = await startTestServer({ env: { PASSWORD_CHECK_TIMEOUT_MS: '2000' } });
    sdk = await keyedSdk(server, ['users.read', 'users.write']);
  });
  afterAll(() => server.close());

  it('a plain request is answered at once', async () => {
    const { email } = await bcryptUser(sdk, BCRYPT_14);
    // Four wrong passwords at once against the heaviest hash the bounds allow: 2 s each.
    const checks = Array.from({ length: 4 }, (_, i) =>
      signIn(server, email, `wrong-password-${i}`),
    );
    await new Promise((r) => setTimeout(r, 300));
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      waits.push(performance.now() - started);
    }
    // Checked on the event loop, bcrypt's 100 ms slices of the four checks held each answer here
    // for about a second.
    expect(Math.max(...waits)).toBeLessThan(250);
    for (const res of await Promise.all(checks)) expect(res.status).toBe(401);
  });
});

describe('a check past its time', () => {
  let server: TestServer;
  let sdk: ServerSdk;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        PASSWORD_BCRYPT_MAX_COST: '16',
        PASSWORD_CHECK_TIMEOUT_MS: '1500',
        PASSWORD_THREADS: '1',
      },
    });
    sdk = await keyedSdk(server, ['users.read', 'users.write']);
  });
  afterAll(() => server.close());

  it('is stopped and answered as a wrong password; the wait in the queue does not count', async () => {
    const heavy = await bcryptUser(sdk, BCRYPT_16);
    const light = await bcryptUser(sdk, BCRYPT_10);
    const started = Date.now();
    // One thread: the light check waits for the heavy one, about 1.5 s, then takes 0.1 s.
    const [slow, queued] = await Promise.all([
      signIn(server, heavy.email, 'heavy-password-16'),
      signIn(server, light.email, 'medium-password-10'),
    ]);
    expect(slow.status).toBe(401);
    expect(slow.body).toMatchObject({ type: 'user_invalid_credentials' });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(queued.status).toBe(201);
    // The heavy hash stays as it was; the server answers on a new thread.
    expect((await sdk.users.get(heavy.id)).password).toBe(BCRYPT_16);
    expect((await signIn(server, light.email, 'medium-password-10')).status).toBe(201);
  });

  it("a right password replaces an imported hash with the shop's argon2id", async () => {
    const { id, email } = await bcryptUser(sdk, BCRYPT_10);
    expect((await signIn(server, email, 'medium-password-10')).status).toBe(201);
    const user = await sdk.users.get(id);
    expect(user.hash).toBe('argon2');
    expect(user.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(server, email, 'medium-password-10')).status).toBe(201);
    expect((await signIn(server, email, 'medium-password-1O')).status).toBe(401);
  });
});
