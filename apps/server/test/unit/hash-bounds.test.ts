import { describe, expect, it } from 'vitest';
import { DEFAULT_HASH_BOUNDS } from '../../src/config-passwords.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { hashProblem } from '../../src/modules/account/passwords/hash-bounds.js';
import type { StoredHash } from '../../src/modules/account/passwords/password-hashes.js';

/**
 * The costs a stored hash may ask of every sign-in (hash-bounds.ts): up to the bounds, which
 * are the highest real projects use, and which the operator may move (PASSWORD_*).
 */
const BCRYPT = '$2b$10$aPObFN5r5xj7cWVRug73O.3xrZUYcuHFl2KEUKxosA2kA4AEtoEWe';
const bcrypt = (cost: number): StoredHash => ({
  algorithm: 'bcrypt',
  hash: BCRYPT.replace('$10$', `$${cost}$`),
  options: {},
});
const phpass = (log2Letter: string): StoredHash => ({
  algorithm: 'phpass',
  hash: `$P$${log2Letter}${'a'.repeat(30)}`,
  options: {},
});
const argon2 = (m: number, t: number, p = 1): StoredHash => ({
  algorithm: 'argon2',
  hash: `$argon2id$v=19$m=${m},t=${t},p=${p}$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc`,
  options: {},
});
const scrypt = (costCpu: number, costMemory: number, costParallel: number): StoredHash => ({
  algorithm: 'scrypt',
  hash: 'ab'.repeat(32),
  options: { salt: 'salt', costCpu, costMemory, costParallel, length: 32 },
});
const FIREBASE: StoredHash = {
  algorithm: 'scryptMod',
  hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
  options: { salt: '42xEC+ixf3L2lw==', saltSeparator: 'Bw==', signerKey: 'jxspr8Ki0RYycVU8' },
};

const refused = (stored: StoredHash, bounds = DEFAULT_HASH_BOUNDS) =>
  hashProblem(stored, bounds)?.message ?? null;

describe('hash bounds', () => {
  it('takes the costs real projects use, up to the bounds', () => {
    for (const stored of [
      bcrypt(10),
      bcrypt(14),
      phpass('B'), // 2^13: phpass's own default
      argon2(2048, 4, 3), // Appwrite 1.4's default
      argon2(65_536, 4), // PHP's default: 64 MiB, 4 passes
      argon2(19_456, 2), // the shop's own
      scrypt(16_384, 8, 1),
      scrypt(65_536, 8, 1), // 64 MiB, 128 MiB passed over
      FIREBASE,
    ]) {
      expect(refused(stored)).toBeNull();
    }
  });

  it('refuses each one past its bound, naming it', () => {
    expect(refused(bcrypt(15))).toBe(
      "The hash asks too much of every sign-in: bcrypt cost 15 is above this shop's limit of 14",
    );
    expect(refused(phpass('C'))).toBe(
      "The hash asks too much of every sign-in: phpass 2^14 iterations are above this shop's limit of 2^13",
    );
    expect(refused(argon2(65_537, 1))).toMatch(/65 MiB of memory, above this shop's limit of 64/);
    expect(refused(argon2(65_536, 5))).toMatch(/320 MiB of memory passed over, above .* 256 MiB/);
    expect(refused(argon2(1024, 1, 65))).toMatch(/65 lanes, above the limit of 64/);
    expect(hashProblem(scrypt(131_072, 8, 1))).toEqual({
      param: 'passwordMemory',
      message:
        "The hash asks too much of every sign-in: 128 MiB of memory, above this shop's limit of 64 MiB",
    });
    expect(hashProblem(scrypt(65_536, 8, 3))?.param).toBe('passwordParallel');
  });

  it("keeps the operator's bounds", () => {
    const tight = { bcryptCost: 10, phpassLog2: 10, memoryMiB: 8, workMiB: 16 };
    expect(refused(bcrypt(10), tight)).toBeNull();
    expect(refused(bcrypt(11), tight)).toMatch(/bcrypt cost 11 is above this shop's limit of 10/);
    expect(refused(phpass('B'), tight)).toMatch(/2\^13 iterations are above .* 2\^10/);
    expect(refused(FIREBASE, tight)).toMatch(/16 MiB of memory, above this shop's limit of 8/);
    expect(refused(argon2(8192, 3), tight)).toMatch(/24 MiB of memory passed over/);
  });

  it('reads the bounds from PASSWORD_* at start, and refuses values out of range', () => {
    const c = loadConfig({ PASSWORD_BCRYPT_MAX_COST: '12', PASSWORD_THREADS: '4' });
    expect(c.passwords).toEqual({
      bounds: { ...DEFAULT_HASH_BOUNDS, bcryptCost: 12 },
      threads: 4,
      checkTimeoutMs: 10_000,
    });
    let error: unknown;
    try {
      loadConfig({ PASSWORD_BCRYPT_MAX_COST: '40', PASSWORD_CHECK_TIMEOUT_MS: 'soon' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/PASSWORD_BCRYPT_MAX_COST/);
    expect((error as ConfigError).message).toMatch(/PASSWORD_CHECK_TIMEOUT_MS/);
  });
});
