import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError } from '../support/expect-error.js';
import { lastMailTo, lastSmsTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date());
beforeAll(async () => {
  server = await startTestServer({ clock, env: { PUBLIC_URL: 'http://localhost:3000' } });
});
afterAll(() => server.close());

let n = 0;
const uniquePhone = () => `+92311${String(Date.now() % 100_000).padStart(5, '0')}${n++ % 10}0`;

describe('magic URL sessions', () => {
  it('creates the user, mails a link, and signs in once with it', async () => {
    const browser = sdkUser(server);
    const email = uniqueEmail('magic');
    const token = await browser.account.createMagicURLSession('unique()', email);
    expect(token.secret).toBe('');
    expect(new Date(token.expire).getTime() - new Date(token.$createdAt).getTime()).toBe(3600_000);
    const mail = await lastMailTo(server.dataDir, email);
    expect(mail.subject).toBe('Your Courtside sign-in link');
    const link = linkIn(mail);
    // Without a url the link points at the web app's /auth/magic-url page.
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/magic-url');
    expect(link.searchParams.get('project')).toBe('courtside');
    const userId = link.searchParams.get('userId')!;
    expect(userId).toBe(token.userId);

    const session = await browser.account.updateMagicURLSession(
      userId,
      link.searchParams.get('secret')!,
    );
    expect(session).toMatchObject({ provider: 'magic-url', providerUid: email, current: true });
    const me = await browser.account.get();
    expect(me).toMatchObject({ $id: userId, email, emailVerification: true, passwordUpdate: '' });
    await expectError(
      sdkUser(server).account.updateMagicURLSession(userId, link.searchParams.get('secret')!),
      { code: 401, type: 'user_invalid_token' },
    );
  });

  it('reuses the account that has the e-mail and honours an allowed url', async () => {
    const user = await signedInUser(server);
    const browser = sdkUser(server);
    const token = await browser.account.createMagicURLSession(
      'ignored-id',
      user.email,
      'http://localhost:3000/welcome',
    );
    expect(token.userId).toBe(user.me.$id);
    const link = linkIn(await lastMailTo(server.dataDir, user.email));
    expect(link.pathname).toBe('/welcome');
    await expectError(
      browser.account.createMagicURLSession('unique()', user.email, 'http://x.example/'),
      {
        code: 400,
        type: 'general_argument_invalid',
      },
    );
  });

  it('refuses an expired link and a wrong secret', async () => {
    const browser = sdkUser(server);
    const email = uniqueEmail('late');
    const token = await browser.account.createMagicURLSession('unique()', email);
    const secret = linkIn(await lastMailTo(server.dataDir, email)).searchParams.get('secret')!;
    await expectError(browser.account.updateMagicURLSession(token.userId, 'nope'), {
      code: 401,
      type: 'user_invalid_token',
    });
    await expectError(browser.account.updateMagicURLSession('missing-user', secret), {
      code: 404,
      type: 'user_not_found',
    });
    clock.advance(3601_000);
    await expectError(browser.account.updateMagicURLSession(token.userId, secret), {
      code: 401,
      type: 'user_invalid_token',
    });
  });
});

describe('phone sessions', () => {
  it('creates the user, texts a code, and signs in once with it', async () => {
    const browser = sdkUser(server);
    const phone = uniquePhone();
    const token = await browser.account.createPhoneSession('unique()', phone);
    expect(token.secret).toBe('');
    const { code, text } = await lastSmsTo(server.dataDir, phone);
    expect(text).toContain('Courtside');
    const session = await browser.account.updatePhoneSession(token.userId, code);
    expect(session).toMatchObject({ provider: 'phone', providerUid: phone });
    expect(await browser.account.get()).toMatchObject({
      phone,
      phoneVerification: true,
      email: '',
    });
    await expectError(sdkUser(server).account.updatePhoneSession(token.userId, code), {
      code: 401,
      type: 'user_invalid_token',
    });
    // Asking again for the same number reaches the same user.
    const again = await sdkUser(server).account.createPhoneSession('unique()', phone);
    expect(again.userId).toBe(token.userId);
  });

  it('refuses a bad number, an expired code and a blocked user', async () => {
    const browser = sdkUser(server);
    await expectError(browser.account.createPhoneSession('unique()', '03001234567'), {
      code: 400,
      type: 'general_argument_invalid',
      message:
        "Invalid `phone` param: Phone number must start with a '+' can have a maximum of fifteen digits.",
    });
    const phone = uniquePhone();
    const token = await browser.account.createPhoneSession('unique()', phone);
    const { code } = await lastSmsTo(server.dataDir, phone);
    clock.advance(15 * 60_000 + 1000);
    await expectError(browser.account.updatePhoneSession(token.userId, code), {
      code: 401,
      type: 'user_invalid_token',
    });
    const fresh = await browser.account.createPhoneSession('unique()', phone);
    const second = await lastSmsTo(server.dataDir, phone);
    await browser.account.updatePhoneSession(fresh.userId, second.code);
    await browser.account.updateStatus();
    await expectError(sdkUser(server).account.createPhoneSession('unique()', phone), {
      code: 401,
      type: 'user_blocked',
    });
  });
});
