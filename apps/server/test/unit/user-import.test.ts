import { describe, expect, it } from 'vitest';
import { rowOfModel } from '../../src/modules/account/users/user-import.js';
import type { UsersTable } from '../../src/modules/account/tables.js';
import { toUserModel } from '../../src/modules/account/users/user-model.js';
import { memoryPage, memorySource } from '../../src/query/memory.js';

/**
 * A user read through the users API (1.4's User model, hash and hashOptions included) becomes,
 * through the import, the row it was made from: every kind of stored hash comes back whole, and
 * what cannot be copied says why.
 */
const base: UsersTable = {
  id: 'u1',
  created_at: '2024-01-02T03:04:05.000+00:00',
  updated_at: '2024-02-02T03:04:05.000+00:00',
  name: 'Ayesha',
  email: 'ayesha@example.com',
  phone: '+923001234567',
  password_hash: null,
  password_algorithm: 'argon2',
  password_options: '{}',
  password_updated_at: null,
  registration: '2024-01-02T03:04:05.000+00:00',
  status: 1,
  labels: '["vip"]',
  email_verification: 1,
  phone_verification: 0,
  prefs: '{"size":44}',
  accessed_at: '2024-03-02T03:04:05.000+00:00',
};

const withHash = (algorithm: string, hash: string, options: object = {}): UsersTable => ({
  ...base,
  password_hash: hash,
  password_algorithm: algorithm,
  password_options: JSON.stringify(options),
  password_updated_at: '2024-01-03T03:04:05.000+00:00',
});

const ROWS: [string, UsersTable][] = [
  ['no password', base],
  [
    "argon2 of Appwrite's parameters",
    withHash('argon2', '$argon2id$v=19$m=2048,t=4,p=3$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA'),
  ],
  ['bcrypt', withHash('bcrypt', '$2y$10$abcdefghijklmnopqrstuuJ6f3a4Wq0y1O0m1eX9cN2j3k4l5m6n7')],
  ['md5', withHash('md5', '5f4dcc3b5aa765d61d8327deb882cf99')],
  ['phpass', withHash('phpass', '$P$B12345678abcdefghijklmnopqrstuv')],
  ['sha', withHash('sha', 'ab'.repeat(32), { version: 'sha256' })],
  [
    'scrypt',
    withHash('scrypt', 'cd'.repeat(32), {
      salt: 'a1b2c3d4',
      costCpu: 16384,
      costMemory: 8,
      costParallel: 1,
      length: 32,
    }),
  ],
  [
    'scrypt-modified',
    withHash('scryptMod', 'aGFzaA==', {
      salt: 'c2FsdA==',
      saltSeparator: 'Bw==',
      signerKey: 'a2V5',
    }),
  ],
];

describe('users read through the API, copied back', () => {
  for (const [kind, row] of ROWS) {
    it(`comes back as it was: ${kind}`, () => {
      expect(rowOfModel(toUserModel(row))).toEqual(row);
    });
  }

  it('says why a user cannot be copied', () => {
    const scrypt = toUserModel(ROWS[6]![1]);
    // 1.4's own model leaves scrypt's salt out.
    const { salt: _salt, ...withoutSalt } = scrypt.hashOptions as Record<string, unknown>;
    expect(rowOfModel({ ...scrypt, hashOptions: withoutSalt })).toBe(
      'its scrypt hash comes without its salt',
    );
    expect(rowOfModel({ ...toUserModel(ROWS[1]![1]), hash: 'pbkdf2' })).toBe(
      'its password hash is of an unknown kind "pbkdf2"',
    );
    expect(rowOfModel({ ...toUserModel(base), $id: '_bad id' })).toMatch(/is not one the shop/);
  });
});

describe('lists held in memory', () => {
  const source = memorySource('things', { $id: 'string', n: 'integer', on: 'boolean' });
  const items = Array.from({ length: 8 }, (_, i) => ({ $id: `t${i}`, n: i % 3, on: i % 2 === 0 }));
  const page = (queries: string[]) =>
    memoryPage(source, items, queries, { idOf: (t) => t.$id, noun: 'Thing' }).items.map(
      (t) => t.$id,
    );

  it('filters, orders, pages and walks cursors both ways', () => {
    expect(page(['equal("on", [true])'])).toEqual(['t0', 't2', 't4', 't6']);
    expect(page(['orderDesc("n")', 'limit(3)'])).toEqual(['t2', 't5', 't1']);
    expect(page(['cursorAfter("t3")', 'limit(2)'])).toEqual(['t4', 't5']);
    expect(page(['cursorBefore("t5")', 'limit(2)'])).toEqual(['t3', 't4']);
    expect(page(['equal("on", [true])', 'cursorBefore("t5")', 'limit(1)'])).toEqual(['t4']);
    expect(page(['greaterThan("n", 1)', 'offset(1)'])).toEqual(['t5']);
  });
});
