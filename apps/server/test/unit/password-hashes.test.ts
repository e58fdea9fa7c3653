import { hash as argon2 } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  firebaseScrypt,
  verifyHash,
  type StoredHash,
} from '../../src/modules/account/passwords/password-hashes.js';

/**
 * Each kind of imported hash against published vectors: the password it was made from passes,
 * a near miss does not.
 */
const cases: { name: string; stored: StoredHash; password: string }[] = [
  {
    name: 'argon2id, the reference implementation (m=64 MiB, t=2, p=1)',
    stored: {
      algorithm: 'argon2',
      hash: '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      options: {},
    },
    password: 'password',
  },
  {
    name: 'argon2i, the reference implementation',
    stored: {
      algorithm: 'argon2',
      hash: '$argon2i$v=19$m=65536,t=2,p=1$ZGlmZnNhbHQ$sDV8zPvvkfOGCw26RHsjSMvv7K2vmQq/6cxAcmxSEnE',
      options: {},
    },
    password: 'password',
  },
  {
    name: 'bcrypt, OpenBSD ($2a$)',
    stored: {
      algorithm: 'bcrypt',
      hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
      options: {},
    },
    password: 'U*U',
  },
  {
    name: "bcrypt, PHP's $2y$",
    stored: {
      algorithm: 'bcrypt',
      hash: '$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
      options: {},
    },
    password: 'U*U',
  },
  {
    name: 'md5',
    stored: { algorithm: 'md5', hash: '5f4dcc3b5aa765d61d8327deb882cf99', options: {} },
    password: 'password',
  },
  {
    name: 'sha1',
    stored: {
      algorithm: 'sha',
      hash: '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8',
      options: { version: 'sha1' },
    },
    password: 'password',
  },
  {
    name: 'sha512/256 (NIST)',
    stored: {
      algorithm: 'sha',
      hash: '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23',
      options: { version: 'sha512/256' },
    },
    password: 'abc',
  },
  {
    name: 'sha3-512, the default version (NIST)',
    stored: {
      algorithm: 'sha',
      hash: 'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
      options: {},
    },
    password: 'abc',
  },
  {
    name: "phpass portable ($P$, phpass's own test)",
    stored: { algorithm: 'phpass', hash: '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0', options: {} },
    password: 'test12345',
  },
  {
    name: "phpass, phpBB's $H$",
    stored: { algorithm: 'phpass', hash: '$H$9aaaaaSXBjgypwqm.JsMssPLiS8YQ00', options: {} },
    password: 'test1',
  },
  {
    name: 'phpass holding bcrypt',
    stored: {
      algorithm: 'phpass',
      hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
      options: {},
    },
    password: 'U*U',
  },
  {
    name: 'scrypt, RFC 7914 (N=1024, r=8, p=16, 64 bytes)',
    stored: {
      algorithm: 'scrypt',
      hash: 'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640',
      options: { salt: 'NaCl', costCpu: 1024, costMemory: 8, costParallel: 16, length: 64 },
    },
    password: 'password',
  },
  {
    name: "scrypt-modified, Firebase's published example",
    stored: {
      algorithm: 'scryptMod',
      hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
      options: {
        salt: '42xEC+ixf3L2lw==',
        saltSeparator: 'Bw==',
        signerKey:
          'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
      },
    },
    password: 'user1password',
  },
];

describe('imported password hashes', () => {
  it.each(cases)('$name', async ({ stored, password }) => {
    expect(await verifyHash(stored, password)).toBe(true);
    expect(await verifyHash(stored, `${password}x`)).toBe(false);
    expect(await verifyHash(stored, password.slice(1))).toBe(false);
  });

  it('derives the Firebase hash itself, byte for byte', async () => {
    const firebase = cases.at(-1)!.stored;
    expect(await firebaseScrypt('user1password', firebase.options as never)).toBe(firebase.hash);
  });

  it('checks argon2 hashes with parameters other than the shop’s as they are', async () => {
    // Appwrite 1.4's own defaults: 2 MiB, 4 passes, 3 lanes.
    const appwrite = await argon2('their-password', {
      memoryCost: 2048,
      timeCost: 4,
      parallelism: 3,
    });
    const stored: StoredHash = { algorithm: 'argon2', hash: appwrite, options: {} };
    expect(await verifyHash(stored, 'their-password')).toBe(true);
    expect(await verifyHash(stored, 'their-passwore')).toBe(false);
  });

  it('answers false, never throws, for a broken hash', async () => {
    const broken: StoredHash[] = [
      { algorithm: 'argon2', hash: '$argon2id$nonsense', options: {} },
      { algorithm: 'bcrypt', hash: 'not-bcrypt', options: {} },
      { algorithm: 'phpass', hash: '$P$', options: {} },
      {
        algorithm: 'scrypt',
        hash: 'ab',
        options: { salt: 's', costCpu: 3, costMemory: 8, costParallel: 1, length: 1 },
      },
      {
        algorithm: 'scryptMod',
        hash: 'x',
        options: { salt: '', saltSeparator: '', signerKey: '' },
      },
    ];
    for (const stored of broken) expect(await verifyHash(stored, 'password')).toBe(false);
  });
});
