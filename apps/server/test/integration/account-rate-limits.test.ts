import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError, raw } from '../support/expect-error.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date('2026-03-01T10:00:00.000Z'));
beforeAll(async () => {
  server = await startTestServer({ clock, env: { RATE_LIMITS: 'on' } });
});
afterAll(() => server.close());

describe('rate limits (reference 9)', () => {
  it('allows 10 log-ins per e-mail an hour, then answers 429 until the window turns', async () => {
    const { account } = sdkUser(server);
    const email = uniqueEmail();
    await account.create('unique()', email, 'password123');
    const first = await raw(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      body: JSON.stringify({ email, password: 'wrong-password' }),
    });
    expect(first.headers.get('x-ratelimit-limit')).toBe('10');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('9');
    for (let i = 1; i < 10; i++) {
      await expectError(account.createEmailSession(email, 'wrong-password'), {
        code: 401,
        type: 'user_invalid_credentials',
      });
    }
    await expectError(account.createEmailSession(email, 'password123'), {
      code: 429,
      type: 'general_rate_limit_exceeded',
    });
    // Another e-mail is counted apart.
    await expectError(account.createEmailSession(uniqueEmail(), 'password123'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    clock.advance(3600_000);
    expect((await account.createEmailSession(email, 'password123')).current).toBe(true);
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
});
