import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { lastMailTo } from '../support/outbox.js';
import { sdkUser, signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

describe('POST /account (sign up)', () => {
  it('creates the account with the Account model and no session', async () => {
    const { account } = sdkUser(server);
    const email = uniqueEmail('Mixed.Case');
    const user = await account.create('unique()', email, 'password123', 'Ayesha Khan');
    expect(Object.keys(user)).toEqual([
      '$id',
      '$createdAt',
      '$updatedAt',
      'name',
      'registration',
      'status',
      'labels',
      'passwordUpdate',
      'email',
      'phone',
      'emailVerification',
      'phoneVerification',
      'prefs',
      'accessedAt',
    ]);
    expect(user).toMatchObject({
      name: 'Ayesha Khan',
      email: email.toLowerCase(),
      status: true,
      labels: [],
      phone: '',
      emailVerification: false,
      prefs: {},
    });
    expect(user.$id).toMatch(/^[0-9a-f]{20}$/);
    expect(user.$createdAt).toMatch(DATE);
    expect(JSON.stringify(user)).not.toMatch(/hash|password"/i);
    await expectError(account.get(), { code: 401, type: 'general_unauthorized_scope' });
  });

  it('keeps a custom id and refuses it twice', async () => {
    const { account } = sdkUser(server);
    const user = await account.create('customer-42', uniqueEmail(), 'password123');
    expect(user.$id).toBe('customer-42');
    expect(user.name).toBe('');
    await expectError(account.create('customer-42', uniqueEmail(), 'password123'), {
      code: 409,
      type: 'user_already_exists',
    });
  });

  it('answers an e-mail that is already registered like a new one, stores nothing, and tells the address', async () => {
    const { account } = sdkUser(server);
    const email = uniqueEmail();
    const first = await account.create('unique()', email, 'password123', 'Sana');
    const fresh = await account.create('unique()', uniqueEmail(), 'another-pass-1', 'Omar');
    const again = await account.create('unique()', email.toUpperCase(), 'another-pass-1', 'Omar');
    // Same shape and fields as a new account's answer; only the values differ.
    expect(Object.keys(again)).toEqual(Object.keys(fresh));
    expect(again).toMatchObject({ email: email.toLowerCase(), name: 'Omar', status: true });
    expect(again.$id).not.toBe(first.$id);
    // The account is untouched: its own password still signs in, the new one does not.
    await expectError(account.createEmailSession(email, 'another-pass-1'), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    await account.createEmailSession(email, 'password123');
    expect((await account.get()).$id).toBe(first.$id);
    const mail = await vi.waitFor(() => lastMailTo(server.dataDir, email), { timeout: 5000 });
    expect(mail.subject).toBe('Your Courtside account');
    expect(mail.text).toMatch(/tried to create a Courtside account with this address/);
  });

  it.each([
    [
      'a short password',
      { email: 'short@example.com', password: 'short' },
      'Invalid `password` param: Password must be at least 8 characters',
    ],
    [
      'a password over 256 characters',
      { email: 'long@example.com', password: 'x'.repeat(257) },
      'Invalid `password` param: Password must be at most 256 characters',
    ],
    [
      'a bad e-mail',
      { email: 'not-an-email', password: 'password123' },
      'Invalid `email` param: Value must be a valid email address',
    ],
  ])('refuses %s with a clear message', async (_name, body, message) => {
    const { account } = sdkUser(server);
    await expectError(account.create('unique()', body.email, body.password), {
      code: 400,
      type: 'general_argument_invalid',
      message,
    });
  });

  it('names a missing parameter', async () => {
    const res = await raw(`${server.endpoint}/account`, {
      method: 'POST',
      body: JSON.stringify({ userId: 'unique()', password: 'password123' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Missing required parameter: "email"',
      code: 400,
      type: 'general_argument_invalid',
      version: '1.4.13',
    });
  });

  it('refuses a bad id', async () => {
    const { account } = sdkUser(server);
    await expectError(account.create('_bad id!', uniqueEmail(), 'password123'), {
      code: 400,
      type: 'general_argument_invalid',
      message: /^Invalid `userId` param: Parameter must contain at most 36 chars/,
    });
  });
});

describe('POST /account/sessions/email (log in)', () => {
  it('logs in, carries the session and reads the account', async () => {
    const user = await signedInUser(server, 'Bilal');
    expect(user.me.name).toBe('Bilal');
    expect(JSON.parse(user.client.jar.get('cookieFallback') ?? '{}')).toHaveProperty(
      'a_session_courtside',
    );
    const session = await user.account.getSession('current');
    expect(session).toMatchObject({
      current: true,
      provider: 'email',
      providerUid: user.email,
      userId: user.me.$id,
    });
    expect(session.expire).toMatch(DATE);
    expect(session).not.toHaveProperty('secret');
  });

  it('accepts the e-mail in any case', async () => {
    const { account } = sdkUser(server);
    const email = uniqueEmail();
    await account.create('unique()', email, 'password123');
    const session = await account.createEmailSession(email.toUpperCase(), 'password123');
    expect(session.current).toBe(true);
  });

  it('says the same for a wrong password and an unknown e-mail', async () => {
    const { account } = sdkUser(server);
    const email = uniqueEmail();
    await account.create('unique()', email, 'password123');
    const expected = {
      code: 401,
      type: 'user_invalid_credentials',
      message: 'Invalid credentials. Please check the email and password.',
    };
    await expectError(account.createEmailSession(email, 'wrong-password'), expected);
    await expectError(account.createEmailSession(uniqueEmail(), 'password123'), expected);
  });

  it('refuses a malformed e-mail before looking anything up', async () => {
    const { account } = sdkUser(server);
    await expectError(account.createEmailSession('nope', 'password123'), {
      code: 400,
      type: 'general_argument_invalid',
    });
  });
});

describe('POST /account/sessions/anonymous', () => {
  it('creates a guest account that can later take an e-mail and password', async () => {
    const guest = sdkUser(server);
    const session = await guest.account.createAnonymousSession();
    expect(session).toMatchObject({ provider: 'anonymous', providerUid: '', current: true });
    const me = await guest.account.get();
    expect(me).toMatchObject({ email: '', name: '', passwordUpdate: '' });
    await expectError(guest.account.createAnonymousSession(), {
      code: 401,
      type: 'user_session_already_exists',
    });

    const email = uniqueEmail();
    const converted = await guest.account.updateEmail(email, 'new-password-1');
    expect(converted.email).toBe(email);
    expect(converted.passwordUpdate).not.toBe('');
    const again = sdkUser(server);
    await again.account.createEmailSession(email, 'new-password-1');
    expect((await again.account.get()).$id).toBe(me.$id);
  });
});
