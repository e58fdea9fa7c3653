import { isUniqueViolation } from '../../../db/errors.js';
import { AppError } from '../../../protocol/errors.js';
import { parseDate, toIso } from '../../../tools/dates.js';
import { isKey } from '../../../tools/ids.js';
import { accountDb, type AccountDeps } from '../context.js';
import type { HashBounds } from '../../../config-passwords.js';
import { hashProblem } from '../passwords/hash-bounds.js';
import { SHA_VERSIONS, type StoredHash } from '../passwords/password-hashes.js';
import { importedPassword } from '../passwords/passwords.js';
import type { AccountModel } from '../models.js';
import type { UsersTable } from '../tables.js';

/**
 * Users copied from another Appwrite 1.4 project (`npm run import`): the User model its users API
 * answers (hash and hashOptions included) turned back into a row, as it was there: same id,
 * times, hash, labels, verification and preferences. No event, no log entry, no e-mail: the
 * person did nothing here.
 */

/** The User model of 1.4's users API, as node-appwrite 11.1 hands it over. */
export type UserModelIn = Omit<AccountModel, 'prefs' | 'accessedAt'> & {
  password?: string;
  hash?: string;
  hashOptions?: object;
  prefs: object;
  accessedAt?: string;
};

type Opts = Record<string, unknown>;
const str = (o: Opts, key: string) => (typeof o[key] === 'string' ? o[key] : undefined);
const num = (o: Opts, key: string) => (typeof o[key] === 'number' ? o[key] : undefined);

/** The stored hash a User model's `password`, `hash` and `hashOptions` describe, or why not. */
export function hashOfModel(u: UserModelIn): StoredHash | null | string {
  if (!u.password) return null;
  const o = (u.hashOptions ?? {}) as Opts;
  const hash = u.password;
  switch (u.hash ?? 'argon2') {
    case 'argon2':
    case 'bcrypt':
    case 'md5':
    case 'phpass':
      return { algorithm: (u.hash ?? 'argon2') as 'argon2', hash, options: {} };
    case 'sha': {
      const version = str(o, 'version');
      if (version && !(SHA_VERSIONS as readonly string[]).includes(version)) {
        return `its sha hash names an unknown version "${version}"`;
      }
      return { algorithm: 'sha', hash, options: version ? { version } : {} } as StoredHash;
    }
    case 'scrypt': {
      const salt = str(o, 'salt');
      const [costCpu, costMemory, costParallel, length] = [
        num(o, 'costCpu'),
        num(o, 'costMemory'),
        num(o, 'costParallel'),
        num(o, 'length'),
      ];
      if (salt === undefined) return 'its scrypt hash comes without its salt';
      if ([costCpu, costMemory, costParallel, length].includes(undefined)) {
        return 'its scrypt hash comes without its costs';
      }
      return {
        algorithm: 'scrypt',
        hash,
        options: { salt, costCpu, costMemory, costParallel, length },
      } as StoredHash;
    }
    case 'scryptMod': {
      const [salt, saltSeparator, signerKey] = [
        str(o, 'salt'),
        str(o, 'saltSeparator'),
        str(o, 'signerKey'),
      ];
      if (!salt || !saltSeparator || !signerKey) {
        return 'its scrypt-modified hash comes without its salt, separator or signer key';
      }
      return { algorithm: 'scryptMod', hash, options: { salt, saltSeparator, signerKey } };
    }
    default:
      return `its password hash is of an unknown kind "${u.hash}"`;
  }
}

const time = (value: string | undefined, fallback: string) => {
  const date = value ? parseDate(value) : null;
  return date ? toIso(date) : fallback;
};

/**
 * The row a User model becomes, or why it cannot be copied as it is: a hash above this shop's
 * bounds (PASSWORD_*) is one reason.
 */
export function rowOfModel(u: UserModelIn, bounds?: HashBounds): UsersTable | string {
  if (!isKey(u.$id)) return `its id "${u.$id}" is not one the shop can keep`;
  const stored = hashOfModel(u);
  if (typeof stored === 'string') return stored;
  const problem = stored ? hashProblem(stored, bounds) : null;
  if (problem) return `its password hash is refused: ${problem.message}`;
  const created = time(u.$createdAt, toIso(new Date()));
  const password = stored ? importedPassword(stored) : null;
  return {
    id: u.$id,
    created_at: created,
    updated_at: time(u.$updatedAt, created),
    name: u.name ?? '',
    email: u.email ? u.email.toLowerCase() : null,
    phone: u.phone || null,
    password_hash: password?.password_hash ?? null,
    password_algorithm: password?.password_algorithm ?? 'argon2',
    password_options: password?.password_options ?? '{}',
    password_updated_at: password ? time(u.passwordUpdate, created) : null,
    registration: time(u.registration, created),
    status: u.status === false ? 0 : 1,
    labels: JSON.stringify(u.labels ?? []),
    email_verification: u.emailVerification ? 1 : 0,
    phone_verification: u.phoneVerification ? 1 : 0,
    prefs: JSON.stringify(u.prefs ?? {}),
    accessed_at: time(u.accessedAt, created),
  };
}

/**
 * What stands in the way of copying the row: another account of this shop with its e-mail or
 * phone (one with its id is the same person, copied before, and is skipped).
 */
export async function importConflict(deps: AccountDeps, row: UsersTable): Promise<string | null> {
  const k = accountDb(deps);
  const same = await k.selectFrom('users').select('id').where('id', '=', row.id).executeTakeFirst();
  if (same) return null;
  for (const column of ['email', 'phone'] as const) {
    const value = row[column];
    if (!value) continue;
    const other = await k
      .selectFrom('users')
      .select('id')
      .where(column, '=', value)
      .executeTakeFirst();
    if (other) {
      return `its ${column} ${value} belongs to another account of this shop (${other.id}, made here): import into an empty shop, or delete that account first (DELETE /v1/users/${other.id} with a users.write key)`;
    }
  }
  return null;
}

/** Copies the row in; `present` when a user with its id is already here (left as it is). */
export async function importUserRow(
  deps: AccountDeps,
  row: UsersTable,
): Promise<'created' | 'present'> {
  const k = accountDb(deps);
  const same = await k.selectFrom('users').select('id').where('id', '=', row.id).executeTakeFirst();
  if (same) return 'present';
  try {
    await k.insertInto('users').values(row).execute();
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = await k
        .selectFrom('users')
        .select('id')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (again) return 'present';
      throw new AppError('user_already_exists');
    }
    throw e;
  }
  return 'created';
}

/**
 * Takes a user this run of the import copied in out again, when the run fails (import/undo.ts):
 * the row, and with it (foreign keys) any session opened since.
 */
export async function removeImportedUser(deps: AccountDeps, id: string): Promise<void> {
  await accountDb(deps).deleteFrom('users').where('id', '=', id).execute();
}
