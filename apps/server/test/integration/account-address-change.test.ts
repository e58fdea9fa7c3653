import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { lastMailTo, lastSmsTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const PAGE = 'http://localhost:3000/landing';
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const spent = { code: 401, type: 'user_invalid_token' };
const secretOf = async (email: string) =>
  linkIn(await lastMailTo(server.dataDir, email)).searchParams.get('secret')!;

describe('links and codes sent to an address the account no longer has', () => {
  it('an e-mail verification link does not verify the new address', async () => {
    const user = await signedInUser(server);
    await user.account.createVerification(PAGE);
    const secret = await secretOf(user.email);
    const unproved = uniqueEmail('new');
    await user.account.updateEmail(unproved, user.password);
    await expectError(sdkUser(server).account.updateVerification(user.me.$id, secret), spent);
    expect(await user.account.get()).toMatchObject({
      email: unproved.toLowerCase(),
      emailVerification: false,
    });
  });

  it('a magic link or a reset link to the old address no longer works', async () => {
    const user = await signedInUser(server);
    const browser = sdkUser(server);
    await browser.account.createMagicURLSession('unique()', user.email, PAGE);
    const magic = await secretOf(user.email);
    await browser.account.createRecovery(user.email, PAGE);
    const reset = await secretOf(user.email);
    await user.account.updateEmail(uniqueEmail('moved'), user.password);
    await expectError(browser.account.updateMagicURLSession(user.me.$id, magic), spent);
    await expectError(
      browser.account.updateRecovery(user.me.$id, reset, 'taken-over-1', 'taken-over-1'),
      spent,
    );
    expect((await user.account.get()).emailVerification).toBe(false);
  });

  it('a phone verification code does not verify the new number', async () => {
    const user = await signedInUser(server);
    await user.account.updatePhone('+923001110001', user.password);
    await user.account.createPhoneVerification();
    const { code } = await lastSmsTo(server.dataDir, '+923001110001');
    await user.account.updatePhone('+923001110002', user.password);
    await expectError(user.account.updatePhoneVerification(user.me.$id, code), spent);
    expect((await user.account.get()).phoneVerification).toBe(false);
  });

  it('a phone sign-in code stops working when the number changes', async () => {
    const browser = sdkUser(server);
    const token = await browser.account.createPhoneSession('unique()', '+923001110003');
    const { code } = await lastSmsTo(server.dataDir, '+923001110003');
    // The same person signs in by a second code and moves the account to another number.
    await browser.account.createPhoneSession('unique()', '+923001110003');
    const second = await lastSmsTo(server.dataDir, '+923001110003');
    await browser.account.updatePhoneSession(token.userId, second.code);
    await browser.account.updatePhone('+923001110004', 'first-password-1');
    await expectError(sdkUser(server).account.updatePhoneSession(token.userId, code), spent);
  });
});

describe('password recovery', () => {
  it('a used reset link ends the other reset links of the account', async () => {
    const user = await signedInUser(server);
    const guest = sdkUser(server);
    await guest.account.createRecovery(user.email, PAGE);
    const first = await secretOf(user.email);
    await guest.account.createRecovery(user.email, PAGE);
    const second = await secretOf(user.email);
    await guest.account.updateRecovery(user.me.$id, second, 'new-password-1', 'new-password-1');
    await expectError(
      guest.account.updateRecovery(user.me.$id, first, 'other-password', 'other-password'),
      spent,
    );
    await sdkUser(server).account.createEmailSession(user.email, 'new-password-1');
  });

  it('is refused to a blocked account', async () => {
    const user = await signedInUser(server);
    const guest = sdkUser(server);
    await guest.account.createRecovery(user.email, PAGE);
    const secret = await secretOf(user.email);
    await user.account.updateStatus();
    await expectError(
      guest.account.updateRecovery(user.me.$id, secret, 'new-password-1', 'new-password-1'),
      { code: 401, type: 'user_blocked' },
    );
  });
});
