import { isUniqueViolation, violatedConstraint } from '../../../db/errors.js';
import { AppError } from '../../../protocol/errors.js';
import { toIso } from '../../../tools/dates.js';
import { eventNames } from '../../../tools/events.js';
import { uniqueId } from '../../../tools/ids.js';
import type { Executor } from '../../../db/database.js';
import { audit, auditRow } from '../audit.js';
import { accountDb, type AccountDeps, type RequestContext } from '../context.js';
import { toAccountModel, type AccountModel } from '../models.js';
import {
  isShopHash,
  newPassword,
  verifyPassword,
  type PasswordColumns,
} from '../passwords/passwords.js';
import type { UsersTable } from '../tables.js';

/** Users: registration, profile fields, labels, and the events and log entries they raise. */

export async function findUser(deps: AccountDeps, id: string): Promise<UsersTable | undefined> {
  return accountDb(deps).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(deps: AccountDeps, email: string) {
  return accountDb(deps)
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function requireUser(deps: AccountDeps, id: string): Promise<UsersTable> {
  const user = await findUser(deps, id);
  if (!user) throw new AppError('user_not_found');
  return user;
}

/** Tells realtime subscribers of the account channel what changed (docs/protocol.md §7.3). */
export function publishUserEvent(
  deps: AccountDeps,
  pattern: string,
  ids: Record<string, string>,
  payload: unknown,
) {
  const userId = ids.userId!;
  deps.events.publish({
    events: eventNames(pattern, ids),
    channels: ['account', `account.${userId}`],
    payload,
    audience: [`user:${userId}`],
  });
}

/** `users.[userId].<kind>.[id].<action>` of one of the user's things (a session, a token...). */
export function publishUserItemEvent(
  deps: AccountDeps,
  userId: string,
  kind: 'sessions' | 'identities' | 'recovery' | 'verification',
  action: 'create' | 'update' | 'delete',
  item: { $id: string },
) {
  const ids = { userId, itemId: item.$id };
  publishUserEvent(deps, `users.[userId].${kind}.[itemId].${action}`, ids, item);
}

export interface NewUser {
  id: string;
  email: string | null;
  /** A password to hash, or a hash brought from elsewhere (the users API's imports). */
  password: string | PasswordColumns | null;
  name: string;
  phone?: string | null;
  emailVerification?: boolean;
  labels?: string[];
}

/** The row of a new user, its password hashed (on the password threads). */
export async function newUserRow(deps: AccountDeps, u: NewUser): Promise<UsersTable> {
  const now = toIso(deps.clock.now());
  const password =
    typeof u.password === 'string'
      ? await newPassword(deps.passwords, u.password)
      : (u.password ?? null);
  return {
    id: u.id === 'unique()' ? uniqueId(deps.clock.now()) : u.id,
    created_at: now,
    updated_at: now,
    name: u.name,
    email: u.email?.toLowerCase() ?? null,
    phone: u.phone ?? null,
    password_hash: password?.password_hash ?? null,
    password_algorithm: password?.password_algorithm ?? 'argon2',
    password_options: password?.password_options ?? '{}',
    password_updated_at: password ? now : null,
    registration: now,
    status: 1,
    labels: JSON.stringify(u.labels ?? []),
    email_verification: u.emailVerification ? 1 : 0,
    phone_verification: 0,
    prefs: '{}',
    accessed_at: now,
  };
}

/** The user and its `user.create` log entry, on one unit of work. */
export async function storeUser(
  k: Executor,
  deps: AccountDeps,
  row: UsersTable,
  ctx: RequestContext,
): Promise<void> {
  await k.insertInto('users').values(row).execute();
  await k
    .insertInto('account_logs')
    .values(auditRow(deps, row.id, 'user.create', ctx))
    .execute();
}

export async function insertUser(
  deps: AccountDeps,
  u: NewUser,
  ctx: RequestContext,
): Promise<AccountModel> {
  const row = await newUserRow(deps, u);
  try {
    await deps.db.write((k) => storeUser(k, deps, row, ctx));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('user_already_exists');
    throw e;
  }
  const model = toAccountModel(row);
  publishUserEvent(deps, 'users.[userId].create', { userId: row.id }, model);
  return model;
}

type ProfileChange =
  'name' | 'password' | 'email' | 'phone' | 'prefs' | 'status' | 'labels' | 'verification';

/** Writes changed columns, bumps $updatedAt, logs and announces the change. */
export async function updateUser(
  deps: AccountDeps,
  id: string,
  change: ProfileChange,
  values: Partial<Omit<UsersTable, 'id' | 'created_at'>>,
  ctx: RequestContext,
): Promise<AccountModel> {
  let row: UsersTable;
  try {
    row = await setUserFields(deps, id, values);
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw new AppError(
        violatedConstraint(e).includes('phone')
          ? 'user_phone_already_exists'
          : 'user_email_already_exists',
      );
    }
    throw e;
  }
  const model = toAccountModel(row);
  await audit(deps, id, 'user.update', ctx);
  publishUserEvent(deps, `users.[userId].update.${change}`, { userId: id }, model);
  return model;
}

/**
 * Changing e-mail or phone asks for the password when the account has one; an account
 * without one (anonymous, magic link, phone) takes the given password as its first.
 */
export async function checkOrSetPassword(
  deps: AccountDeps,
  user: UsersTable,
  password: string,
): Promise<Partial<UsersTable>> {
  if (user.password_hash) {
    if (!(await passwordMatches(deps, user, password))) {
      throw new AppError('user_invalid_credentials');
    }
    return {};
  }
  return {
    ...(await newPassword(deps.passwords, password)),
    password_updated_at: toIso(deps.clock.now()),
  };
}

/**
 * Whether `password` is the user's. A hash that is not the shop's own (imported, or argon2 with
 * other parameters) is replaced by the shop's argon2id once the password has proved right; the
 * password itself has not changed, so neither do passwordUpdate and $updatedAt.
 */
export async function passwordMatches(
  deps: AccountDeps,
  user: UsersTable | null | undefined,
  password: string,
): Promise<boolean> {
  if (!(await verifyPassword(deps.passwords, user, password))) return false;
  if (user && !isShopHash(user)) {
    await accountDb(deps)
      .updateTable('users')
      .set(await newPassword(deps.passwords, password))
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .execute();
  }
  return true;
}

export type LabelOutcome = 'created' | 'promoted' | 'unchanged' | 'refused';

/**
 * Creates the user with the label (the admin CLI, ADMIN_EMAIL and the demo owner), or gives
 * the label to the existing user with that e-mail, but only when the given password is that
 * account's: anyone may have signed up first with the owner's address. `promote` skips the
 * proof; only the CLI offers it, behind a flag the owner types knowingly. A refusal changes
 * nothing; the caller says what to do. `passwordMatches` tells whether the given password
 * signs in to the account as it now is (the owner may have changed it since).
 */
export async function ensureLabelledUser(
  deps: AccountDeps,
  input: { email: string; password: string; name: string; label: string; promote?: boolean },
  ctx: RequestContext,
): Promise<{ user: AccountModel; outcome: LabelOutcome; passwordMatches: boolean }> {
  const existing = await findUserByEmail(deps, input.email);
  if (!existing) {
    const user = await insertUser(
      deps,
      {
        id: 'unique()',
        email: input.email,
        password: input.password,
        name: input.name,
        emailVerification: true,
        labels: [input.label],
      },
      ctx,
    );
    return { user, outcome: 'created', passwordMatches: true };
  }
  const matches = await passwordMatches(deps, existing, input.password);
  const labels = toAccountModel(existing).labels;
  if (labels.includes(input.label)) {
    return { user: toAccountModel(existing), outcome: 'unchanged', passwordMatches: matches };
  }
  if (!matches && !input.promote) {
    return { user: toAccountModel(existing), outcome: 'refused', passwordMatches: matches };
  }
  const user = await updateUser(
    deps,
    existing.id,
    'labels',
    { labels: JSON.stringify([...labels, input.label]) },
    ctx,
  );
  return { user, outcome: 'promoted', passwordMatches: matches };
}

/** Writes columns and bumps $updatedAt without a log entry; the caller logs what happened. */
export async function setUserFields(
  deps: AccountDeps,
  id: string,
  values: Partial<Omit<UsersTable, 'id' | 'created_at'>>,
): Promise<UsersTable> {
  await accountDb(deps)
    .updateTable('users')
    .set({ ...values, updated_at: toIso(deps.clock.now()) })
    .where('id', '=', id)
    .execute();
  return requireUser(deps, id);
}

export async function findUserByPhone(deps: AccountDeps, phone: string) {
  return accountDb(deps)
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirst();
}

/** Takes `label` away from the account with this e-mail; false when it had none (or no account). */
export async function removeLabel(
  deps: AccountDeps,
  email: string,
  label: string,
  ctx: RequestContext,
): Promise<boolean> {
  const user = await findUserByEmail(deps, email);
  if (!user) return false;
  const labels = toAccountModel(user).labels;
  if (!labels.includes(label)) return false;
  const rest = JSON.stringify(labels.filter((l) => l !== label));
  await updateUser(deps, user.id, 'labels', { labels: rest }, ctx);
  return true;
}

/** Whether the account with this e-mail carries `label` and signs in with `password`. */
export async function labelledWithPassword(
  deps: AccountDeps,
  email: string,
  label: string,
  password: string,
): Promise<boolean> {
  const user = await findUserByEmail(deps, email);
  if (!user || !toAccountModel(user).labels.includes(label)) return false;
  return passwordMatches(deps, user, password);
}
