import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError } from '../support/expect-error.js';
import { lastMailTo, lastSmsTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const clock = manualClock(new Date());
const VERIFY_URL = 'http://localhost:3000/account/verify?from=mail';
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(() => server.close());

let phoneCounter = 0;
const uniquePhone = () =>
  `+92300${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneCounter++ % 100).padStart(2, '0')}`;

describe('e-mail verification', () => {
  it('mails a link keeping the page query; following it verifies the address, once', async () => {
    const user = await signedInUser(server, 'Bilal');
    expect(user.me.emailVerification).toBe(false);
    const token = await user.account.createVerification(VERIFY_URL);
    expect(token).toMatchObject({ userId: user.me.$id, secret: '' });
    expect(new Date(token.expire).getTime() - new Date(token.$createdAt).getTime()).toBe(
      7 * 24 * 3600_000,
    );
    const mail = await lastMailTo(server.dataDir, user.email);
    expect(mail.subject).toBe('Confirm your e-mail address for Courtside');
    const link = linkIn(mail);
    expect(link.searchParams.get('from')).toBe('mail');
    const secret = link.searchParams.get('secret')!;

    // A guest (another browser) can confirm: the secret is the proof.
    const guest = sdkUser(server);
    const confirmed = await guest.account.updateVerification(user.me.$id, secret);
    expect(confirmed).toMatchObject({ $id: token.$id, secret: '' });
    expect((await user.account.get()).emailVerification).toBe(true);
    await expectError(guest.account.updateVerification(user.me.$id, secret), {
      code: 401,
      type: 'user_invalid_token',
    });
    await expectError(user.account.createVerification(VERIFY_URL), {
      code: 409,
      type: 'user_email_alread_verified',
    });
  });

  it('refuses wrong and expired secrets, unknown users, other hosts and guests', async () => {
    const user = await signedInUser(server);
    await user.account.createVerification(VERIFY_URL);
    const secret = linkIn(await lastMailTo(server.dataDir, user.email)).searchParams.get('secret')!;
    await expectError(user.account.updateVerification(user.me.$id, 'wrong'), {
      code: 401,
      type: 'user_invalid_token',
    });
    await expectError(user.account.updateVerification('no-such-user', secret), {
      code: 404,
      type: 'user_not_found',
    });
    clock.advance(7 * 24 * 3600_000 + 1000);
    await expectError(user.account.updateVerification(user.me.$id, secret), {
      code: 401,
      type: 'user_invalid_token',
    });
    await expectError(user.account.createVerification('http://phish.example/verify'), {
      code: 400,
      type: 'general_argument_invalid',
    });
    await expectError(sdkUser(server).account.createVerification(VERIFY_URL), {
      code: 401,
      type: 'general_unauthorized_scope',
    });
  });
});

describe('phone verification', () => {
  it('texts a six-digit code; confirming it verifies the number', async () => {
    const user = await signedInUser(server);
    await expectError(user.account.createPhoneVerification(), {
      code: 400,
      type: 'user_phone_not_found',
    });
    const phone = uniquePhone();
    await user.account.updatePhone(phone, user.password);
    const token = await user.account.createPhoneVerification();
    expect(token).toMatchObject({ userId: user.me.$id, secret: '' });
    expect(new Date(token.expire).getTime() - new Date(token.$createdAt).getTime()).toBe(900_000);
    const sms = await lastSmsTo(server.dataDir, phone);
    expect(sms.text).toContain('is your Courtside code');
    await expectError(user.account.updatePhoneVerification(user.me.$id, '000000x'), {
      code: 401,
      type: 'user_invalid_token',
    });
    await user.account.updatePhoneVerification(user.me.$id, sms.code);
    const me = await user.account.get();
    expect(me.phoneVerification).toBe(true);
    await expectError(user.account.updatePhoneVerification(user.me.$id, sms.code), {
      code: 401,
      type: 'user_invalid_token',
    });
    await expectError(user.account.createPhoneVerification(), {
      code: 409,
      type: 'user_phone_already_verified',
    });
  });

  it('lets a code expire after 15 minutes', async () => {
    const user = await signedInUser(server);
    const phone = uniquePhone();
    await user.account.updatePhone(phone, user.password);
    await user.account.createPhoneVerification();
    const { code } = await lastSmsTo(server.dataDir, phone);
    clock.advance(15 * 60_000 + 1000);
    await expectError(user.account.updatePhoneVerification(user.me.$id, code), {
      code: 401,
      type: 'user_invalid_token',
    });
  });
});
