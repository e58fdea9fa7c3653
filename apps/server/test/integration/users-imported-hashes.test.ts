import { hash as argon2 } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { Query } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { keyedSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Customers brought over with their old password hashes (docs/protocol.md §3.3) sign in through
 * the shop's own sign-in, as its pages do, with the passwords they always had; the first
 * sign-in replaces each hash with the shop's argon2id.
 */
let server: TestServer;
let sdk: ServerSdk;

beforeAll(async () => {
  server = await startTestServer();
  sdk = await keyedSdk(server, ['users.read', 'users.write']);
});
afterAll(() => server.close());

const SHOP_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

interface Case {
  kind: string;
  password: string;
  create(id: string, email: string): Promise<{ hash?: string; hashOptions?: object }>;
  options: object;
}

const FIREBASE = {
  salt: '42xEC+ixf3L2lw==',
  saltSeparator: 'Bw==',
  signerKey:
    'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
};

const cases: Case[] = [
  {
    kind: 'argon2 (Appwrite 1.4 defaults: 2 MiB, 4 passes, 3 lanes)',
    password: 'their-old-password',
    create: async (id, email) =>
      sdk.users.createArgon2User(
        id,
        email,
        await argon2('their-old-password', { memoryCost: 2048, timeCost: 4, parallelism: 3 }),
        'Argon',
      ),
    options: { type: 'argon2', memoryCost: 2048, timeCost: 4, threads: 3 },
  },
  {
    kind: 'argon2i (the reference implementation)',
    password: 'password',
    create: (id, email) =>
      sdk.users.createArgon2User(
        id,
        email,
        '$argon2i$v=19$m=65536,t=2,p=1$ZGlmZnNhbHQ$sDV8zPvvkfOGCw26RHsjSMvv7K2vmQq/6cxAcmxSEnE',
      ),
    options: { type: 'argon2', memoryCost: 65536, timeCost: 2, threads: 1 },
  },
  {
    kind: "bcrypt (PHP's $2y$)",
    password: 'their-old-password',
    create: (id, email) =>
      sdk.users.createBcryptUser(
        id,
        email,
        bcrypt.hashSync('their-old-password', 6).replace(/^\$2b\$/, '$2y$'),
      ),
    options: { type: 'bcrypt' },
  },
  {
    kind: 'md5',
    password: 'password',
    create: (id, email) => sdk.users.createMD5User(id, email, '5f4dcc3b5aa765d61d8327deb882cf99'),
    options: { type: 'md5' },
  },
  {
    kind: 'sha1',
    password: 'password',
    create: (id, email) =>
      sdk.users.createSHAUser(id, email, '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8', 'sha1'),
    options: { type: 'sha', version: 'sha1' },
  },
  {
    kind: 'sha3-512 (no version given)',
    password: 'password',
    create: (id, email) =>
      sdk.users.createSHAUser(
        id,
        email,
        'e9a75486736a550af4fea861e2378305c4a555a05094dee1dca2f68afea49cc3a50e8de6ea131ea521311f4d6fb054a146e8282f8e35ff2e6368c1a62e909716',
      ),
    options: { type: 'sha' },
  },
  {
    kind: 'phpass',
    password: 'test12345',
    create: (id, email) =>
      sdk.users.createPHPassUser(id, email, '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'),
    options: { type: 'phpass' },
  },
  {
    kind: 'scrypt (RFC 7914)',
    password: 'password',
    create: (id, email) =>
      sdk.users.createScryptUser(
        id,
        email,
        'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640',
        'NaCl',
        1024,
        8,
        16,
        64,
      ),
    options: {
      type: 'scrypt',
      salt: 'NaCl',
      costCpu: 1024,
      costMemory: 8,
      costParallel: 16,
      length: 64,
    },
  },
  {
    kind: 'scrypt-modified (Firebase)',
    password: 'user1password',
    create: (id, email) =>
      sdk.users.createScryptModifiedUser(
        id,
        email,
        'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
        FIREBASE.salt,
        FIREBASE.saltSeparator,
        FIREBASE.signerKey,
      ),
    options: { type: 'scryptMod', ...FIREBASE },
  },
];

describe('a user imported from a hash', () => {
  it.each(cases)('$kind signs in with the old password, then holds argon2id', async (c) => {
    const email = uniqueEmail('imported');
    const id = `imp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await c.create(id, email);
    expect(created.hashOptions).toEqual(c.options);
    const imported = await sdk.users.get(id);
    expect(imported.password).not.toMatch(SHOP_HASH);

    const browser = sdkUser(server);
    await expectError(browser.account.createEmailSession(email, `${c.password}!`), {
      code: 401,
      type: 'user_invalid_credentials',
    });
    // A wrong password changes nothing.
    expect((await sdk.users.get(id)).password).toBe(imported.password);

    const session = await browser.account.createEmailSession(email, c.password);
    expect(session.userId).toBe(id);
    expect((await browser.account.get()).email).toBe(email);
    const upgraded = await sdk.users.get(id);
    expect(upgraded).toMatchObject({
      hash: 'argon2',
      hashOptions: { type: 'argon2', memoryCost: 19456, timeCost: 2, threads: 1 },
      passwordUpdate: imported.passwordUpdate,
    });
    expect(upgraded.password).toMatch(SHOP_HASH);

    // The new hash opens the account just as the old one did.
    await sdkUser(server).account.createEmailSession(email, c.password);
  });
});

describe('a hash that cannot be right', () => {
  it('is refused with the parameter at fault', async () => {
    const email = uniqueEmail('bad');
    await expectError(sdk.users.createBcryptUser('unique()', email, 'not-a-bcrypt-hash'), {
      code: 400,
      type: 'general_argument_invalid',
      message:
        'Invalid `password` param: Value must be a bcrypt hash ($2a$, $2b$ or $2y$, 60 characters)',
    });
    await expectError(sdk.users.createMD5User('unique()', email, 'abc'), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `password` param: Value must be an MD5 hash: 32 hexadecimal characters',
    });
    await expectError(sdk.users.createScryptUser('unique()', email, 'ab', 'salt', 1000, 8, 1, 1), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `passwordCpu` param: Value must be a power of 2, at least 2',
    });
    await expectError(
      sdk.users.createArgon2User(
        'unique()',
        email,
        '$argon2id$v=19$m=4194304,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      ),
      { code: 400, type: 'general_argument_invalid', message: /too much of every sign-in/ },
    );
    await expectError(sdk.users.createSHAUser('unique()', email, 'ab', 'md4' as never), {
      code: 400,
      type: 'general_argument_invalid',
    });
    // Nothing half-made: the address is still free.
    expect((await sdk.users.list([Query.equal('email', [email])])).total).toBe(0);
  });
});
