import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError, raw } from '../support/expect-error.js';
import { sdkUser, signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date('2026-05-01T10:00:00.000Z'));
const URL_OK = 'http://localhost/reset';
beforeAll(async () => {
  server = await startTestServer({ clock, env: { RATE_LIMITS: 'on' } });
});
afterAll(() => server.close());

const limited = { code: 429, type: 'general_rate_limit_exceeded' };

describe('rate limits of the token routes (reference 9)', () => {
  it('allows 10 recovery e-mails per address an hour', async () => {
    const user = await signedInUser(server);
    const guest = sdkUser(server);
    const first = await raw(`${server.endpoint}/account/recovery`, {
      method: 'POST',
      body: JSON.stringify({ email: user.email, url: URL_OK }),
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('x-ratelimit-limit')).toBe('10');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('9');
    for (let i = 1; i < 10; i++) await guest.account.createRecovery(user.email, URL_OK);
    await expectError(guest.account.createRecovery(user.email, URL_OK), limited);
    clock.advance(3600_000);
    await guest.account.createRecovery(user.email, URL_OK);
  });

  it('allows 10 recovery confirmations per user an hour, wrong secrets included', async () => {
    clock.advance(3600_000);
    const guest = sdkUser(server);
    for (let i = 0; i < 10; i++) {
      await expectError(
        guest.account.updateRecovery('some-user', 'guess', 'password1', 'password1'),
        {
          code: 404,
          type: 'user_not_found',
        },
      );
    }
    await expectError(
      guest.account.updateRecovery('some-user', 'guess', 'password1', 'password1'),
      limited,
    );
  });

  it('allows 10 phone-code guesses per user an hour', async () => {
    clock.advance(3600_000);
    const browser = sdkUser(server);
    const token = await browser.account.createPhoneSession('unique()', '+923009998877');
    for (let i = 0; i < 10; i++) {
      await expectError(browser.account.updatePhoneSession(token.userId, '000000'), {
        code: 401,
        type: 'user_invalid_token',
      });
    }
    await expectError(browser.account.updatePhoneSession(token.userId, '000000'), limited);
  });

  it('allows 10 magic links per address and 10 verification mails per user an hour', async () => {
    clock.advance(3600_000);
    const browser = sdkUser(server);
    const email = uniqueEmail('magic');
    for (let i = 0; i < 10; i++) await browser.account.createMagicURLSession('unique()', email);
    await expectError(browser.account.createMagicURLSession('unique()', email), limited);

    const user = await signedInUser(server);
    for (let i = 0; i < 10; i++) await user.account.createVerification(URL_OK);
    await expectError(user.account.createVerification(URL_OK), limited);
  });
});
