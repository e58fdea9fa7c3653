import type { HashAlgorithm, StoredHash } from './password-hashes.js';
import type { PasswordWork } from './password-pool.js';
import type { UsersTable } from '../tables.js';

/** What every hash the shop makes begins with: anything else is replaced at the next sign-in. */
const SHOP_HASH_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

/** How 1.4 shows the shop's own hashes' parameters (the AlgoArgon2 model). */
export const SHOP_HASH_OPTIONS = { type: 'argon2', memoryCost: 19_456, timeCost: 2, threads: 1 };

/** The columns a password is kept in. */
export type PasswordColumns = Pick<
  UsersTable,
  'password_hash' | 'password_algorithm' | 'password_options'
>;

/** A new password, as the shop keeps every one it sets: argon2id with its own parameters. */
export async function newPassword(work: PasswordWork, password: string): Promise<PasswordColumns> {
  return {
    password_hash: await work.hash(password),
    password_algorithm: 'argon2',
    password_options: '{}',
  };
}

/** An imported hash, kept as it came (docs/protocol.md §3.3). */
export function importedPassword(stored: StoredHash): PasswordColumns {
  return {
    password_hash: stored.hash,
    password_algorithm: stored.algorithm,
    password_options: JSON.stringify(stored.options),
  };
}

/** The stored hash of a user, or null when the account has no password. */
export function storedHashOf(user: PasswordColumns): StoredHash | null {
  if (!user.password_hash) return null;
  // A hash of the argon2 family is checked as argon2 whatever the column says.
  const algorithm = user.password_hash.startsWith('$argon2')
    ? 'argon2'
    : (user.password_algorithm as HashAlgorithm);
  let options: object = {};
  try {
    options = JSON.parse(user.password_options) as object;
  } catch {
    /* no options: the algorithm's defaults */
  }
  return { algorithm, hash: user.password_hash, options } as StoredHash;
}

/** Whether the stored hash is the shop's own argon2id; else the next sign-in replaces it. */
export const isShopHash = (user: PasswordColumns) =>
  Boolean(user.password_hash?.startsWith(SHOP_HASH_PREFIX));

/** A hash of nothing in particular per pool, checked when no user matches so timing reveals nothing. */
const decoys = new WeakMap<PasswordWork, Promise<string>>();

const decoyOf = (work: PasswordWork) => {
  let decoy = decoys.get(work);
  if (!decoy) decoys.set(work, (decoy = work.hash('not-a-password-anyone-has')));
  return decoy;
};

/** Whether the password is the user's (on the password threads; password-pool.ts). */
export async function verifyPassword(
  work: PasswordWork,
  user: PasswordColumns | null | undefined,
  password: string,
): Promise<boolean> {
  const stored = user ? storedHashOf(user) : null;
  if (!stored) {
    await work.verify({ algorithm: 'argon2', hash: await decoyOf(work), options: {} }, password);
    return false;
  }
  return work.verify(stored, password);
}
