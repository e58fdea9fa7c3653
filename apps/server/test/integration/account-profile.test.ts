import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { lastMailTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('profile', () => {
  it('stores and replaces preferences', async () => {
    const user = await signedInUser(server);
    expect(await user.account.getPrefs()).toEqual({});
    const updated = await user.account.updatePrefs({
      address: { line1: '12 Mall Road', city: 'Lahore' },
    });
    expect(updated.prefs).toEqual({ address: { line1: '12 Mall Road', city: 'Lahore' } });
    await user.account.updatePrefs({ theme: 'dark' });
    expect(await user.account.getPrefs()).toEqual({ theme: 'dark' });
  });

  it('refuses preferences that are not an object or are too big', async () => {
    const user = await signedInUser(server);
    for (const prefs of ['{}', [], 42]) {
      await expectError(user.account.updatePrefs(prefs as never), {
        code: 400,
        type: 'general_argument_invalid',
      });
    }
    await expectError(user.account.updatePrefs({ big: 'x'.repeat(70_000) }), {
      code: 400,
      type: 'general_argument_invalid',
    });
  });

  it('renames, and refuses an empty or overlong name', async () => {
    const user = await signedInUser(server);
    expect((await user.account.updateName('Zara Ahmed')).name).toBe('Zara Ahmed');
    for (const name of ['', 'n'.repeat(129)]) {
      await expectError(user.account.updateName(name), {
        code: 400,
        type: 'general_argument_invalid',
      });
    }
  });

  it('changes the password only with the old one, and keeps the session', async () => {
    const user = await signedInUser(server);
    await expectError(user.account.updatePassword('brand-new-pass'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    await expectError(user.account.updatePassword('brand-new-pass', 'not-the-old-one'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    const updated = await user.account.updatePassword('brand-new-pass', user.password);
    expect(updated.passwordUpdate >= user.me.passwordUpdate).toBe(true);
    expect((await user.account.get()).$id).toBe(user.me.$id);
    const again = sdkUser(server);
    await expectError(again.account.createEmailSession(user.email, user.password), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    await again.account.createEmailSession(user.email, 'brand-new-pass');
  });

  it('lets an account without a password (magic link) set its first one, no old one asked', async () => {
    const browser = sdkUser(server);
    const email = uniqueEmail('magic');
    await browser.account.createMagicURLSession('unique()', email, 'http://localhost/welcome');
    const link = linkIn(await lastMailTo(server.dataDir, email));
    await browser.account.updateMagicURLSession(
      link.searchParams.get('userId')!,
      link.searchParams.get('secret')!,
    );
    expect((await browser.account.get()).passwordUpdate).toBe('');
    const updated = await browser.account.updatePassword('first-password-1');
    expect(updated.passwordUpdate).not.toBe('');
    await sdkUser(server).account.createEmailSession(email, 'first-password-1');
    // From now on the password guards itself.
    await expectError(browser.account.updatePassword('second-password-2'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
  });

  it('changes the e-mail with the password, unverifies it, and refuses a taken one', async () => {
    const user = await signedInUser(server);
    const other = await signedInUser(server);
    await expectError(user.account.updateEmail(uniqueEmail(), 'wrong-password'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    await expectError(user.account.updateEmail(other.email, user.password), {
      code: 409,
      type: 'user_email_already_exists',
    });
    const email = uniqueEmail('New');
    const updated = await user.account.updateEmail(email, user.password);
    expect(updated).toMatchObject({ email: email.toLowerCase(), emailVerification: false });
  });

  it('changes the phone in E.164, and refuses a bad or taken one', async () => {
    const user = await signedInUser(server);
    const other = await signedInUser(server);
    await expectError(user.account.updatePhone('03001234567', user.password), {
      code: 400,
      type: 'general_argument_invalid',
    });
    expect((await user.account.updatePhone('+923001234567', user.password)).phone).toBe(
      '+923001234567',
    );
    await expectError(other.account.updatePhone('+923001234567', other.password), {
      code: 409,
      type: 'user_phone_already_exists',
    });
  });

  it('blocks itself: every later call and log-in is refused', async () => {
    const user = await signedInUser(server);
    const otherDevice = sdkUser(server);
    await otherDevice.account.createEmailSession(user.email, user.password);
    const blocked = await user.account.updateStatus();
    expect(blocked.status).toBe(false);
    expect(user.client.jar.get('cookieFallback')).toBe('[]');
    await expectError(otherDevice.account.get(), { code: 401, type: 'user_blocked' });
    const again = sdkUser(server);
    await expectError(again.account.createEmailSession(user.email, user.password), {
      code: 401,
      type: 'user_blocked',
    });
  });

  it("never lets anyone read another user's account", async () => {
    const a = await signedInUser(server);
    const res = await raw(`${server.endpoint}/account/${a.me.$id}`);
    expect(res.status).toBe(404);
    expect(res.body?.type).toBe('general_route_not_found');
  });
});
