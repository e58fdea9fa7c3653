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

describe('rate limits of the token routes (docs/protocol.md §9)', () => {
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

  it('allows 10 e-mail and 10 magic-link confirmations per user an hour', async () => {
    clock.advance(3600_000);
    const guest = sdkUser(server);
    const unknown = { code: 404, type: 'user_not_found' };
    for (let i = 0; i < 10; i++) {
      await expectError(guest.account.updateVerification('some-user', 'guess'), unknown);
      await expectError(guest.account.updateMagicURLSession('some-user', 'guess'), unknown);
    }
    await expectError(guest.account.updateVerification('some-user', 'guess'), limited);
    await expectError(guest.account.updateMagicURLSession('some-user', 'guess'), limited);
    // Another user's counters are their own.
    await expectError(guest.account.updateVerification('other-user', 'guess'), unknown);
  });

  it('allows 10 phone-verification texts and 10 code guesses per user an hour', async () => {
    clock.advance(3600_000);
    const user = await signedInUser(server);
    await user.account.updatePhone('+923004445566', user.password);
    for (let i = 0; i < 10; i++) await user.account.createPhoneVerification();
    await expectError(user.account.createPhoneVerification(), limited);
    const wrong = { code: 401, type: 'user_invalid_token' };
    for (let i = 0; i < 10; i++) {
      await expectError(user.account.updatePhoneVerification(user.me.$id, '000000'), wrong);
    }
    await expectError(user.account.updatePhoneVerification(user.me.$id, '000000'), limited);
  });

  it('allows 10 sign-in texts per number, and 10 sign-in messages per client address', async () => {
    clock.advance(3600_000);
    const browser = sdkUser(server);
    for (let i = 0; i < 10; i++)
      await browser.account.createPhoneSession('unique()', '+923007770000');
    await expectError(browser.account.createPhoneSession('unique()', '+923007770000'), limited);

    // Many numbers (SMS pumping) or many addresses from one client: 10 an hour.
    clock.advance(3600_000);
    for (let i = 0; i < 10; i++) {
      await browser.account.createPhoneSession(
        'unique()',
        `+92300777${String(i).padStart(4, '0')}`,
      );
    }
    await expectError(browser.account.createPhoneSession('unique()', '+923007779999'), limited);
    for (let i = 0; i < 10; i++) {
      await browser.account.createMagicURLSession('unique()', uniqueEmail('spray'));
    }
    await expectError(browser.account.createMagicURLSession('unique()', uniqueEmail()), limited);
  });

  it('allows 50 anonymous sessions and 50 OAuth2 sign-ins per client address an hour', async () => {
    clock.advance(3600_000);
    for (let i = 0; i < 50; i++) await sdkUser(server).account.createAnonymousSession();
    await expectError(sdkUser(server).account.createAnonymousSession(), limited);

    const start = () => raw(`${server.endpoint}/account/sessions/oauth2/google?project=courtside`);
    const first = await start();
    expect(first.body?.type).toBe('project_provider_disabled');
    expect(first.headers.get('x-ratelimit-limit')).toBe('50');
    for (let i = 1; i < 50; i++) expect((await start()).status).toBe(412);
    expect((await start()).body?.type).toBe('general_rate_limit_exceeded');
  });
});
