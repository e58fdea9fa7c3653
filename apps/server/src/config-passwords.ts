import { z } from 'zod';

/**
 * What one password check may cost (PASSWORD_*): imported hashes above these costs are refused,
 * and every check runs on a worker thread for at most a bounded time, so no stored hash can stall
 * the server (README "Configuration", docs/limits.md "Passwords and sign-in").
 */
export interface HashBounds {
  /** bcrypt's cost, log2 of its rounds (PASSWORD_BCRYPT_MAX_COST). */
  bcryptCost: number;
  /** phpass's iteration count, as the log2 its hashes carry (PASSWORD_PHPASS_MAX_LOG2). */
  phpassLog2: number;
  /** Memory one argon2 or scrypt check may take, in MiB (PASSWORD_HASH_MAX_MEMORY_MB). */
  memoryMiB: number;
  /** Memory one argon2 or scrypt check may pass over in all, in MiB (PASSWORD_HASH_MAX_WORK_MB). */
  workMiB: number;
}

export interface PasswordConfig {
  bounds: Readonly<HashBounds>;
  /** Worker threads that check and make hashes (PASSWORD_THREADS). */
  threads: number;
  /** A check running longer is stopped and counts as a wrong password (PASSWORD_CHECK_TIMEOUT_MS). */
  checkTimeoutMs: number;
}

/** The defaults: the highest costs real projects use (bcrypt 14, phpass's own 2^13, 64 MiB). */
export const DEFAULT_HASH_BOUNDS: Readonly<HashBounds> = Object.freeze({
  bcryptCost: 14,
  phpassLog2: 13,
  memoryMiB: 64,
  workMiB: 256,
});

/** A whole number from the environment, within its bounds, or its default. */
export const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** The variables, merged into config.ts's environment schema. */
export const PASSWORD_ENV = {
  PASSWORD_BCRYPT_MAX_COST: int(4, 31, DEFAULT_HASH_BOUNDS.bcryptCost),
  PASSWORD_PHPASS_MAX_LOG2: int(7, 30, DEFAULT_HASH_BOUNDS.phpassLog2),
  PASSWORD_HASH_MAX_MEMORY_MB: int(1, 4096, DEFAULT_HASH_BOUNDS.memoryMiB),
  PASSWORD_HASH_MAX_WORK_MB: int(1, 65_536, DEFAULT_HASH_BOUNDS.workMiB),
  PASSWORD_THREADS: int(1, 64, 2),
  PASSWORD_CHECK_TIMEOUT_MS: int(10, 600_000, 10_000),
};

type PasswordEnv = { [K in keyof typeof PASSWORD_ENV]: number };

export const passwordConfig = (e: PasswordEnv): Readonly<PasswordConfig> =>
  Object.freeze({
    bounds: Object.freeze({
      bcryptCost: e.PASSWORD_BCRYPT_MAX_COST,
      phpassLog2: e.PASSWORD_PHPASS_MAX_LOG2,
      memoryMiB: e.PASSWORD_HASH_MAX_MEMORY_MB,
      workMiB: e.PASSWORD_HASH_MAX_WORK_MB,
    }),
    threads: e.PASSWORD_THREADS,
    checkTimeoutMs: e.PASSWORD_CHECK_TIMEOUT_MS,
  });
