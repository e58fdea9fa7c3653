import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { AppError } from '../../http/errors.js';
import { toIso } from '../../tools/dates.js';
import { eventNames } from '../../tools/events.js';
import { uniqueId } from '../../tools/ids.js';
import { audit } from './audit.js';
import { accountDb, type AccountDeps, type RequestContext } from './context.js';
import { toAccountModel, type AccountModel } from './models.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { UsersTable } from './tables.js';

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

export async function findUserById(deps: AccountDeps, id: string) {
  return accountDb(deps).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

export interface NewUser {
  id: string;
  email: string | null;
  password: string | null;
  name: string;
  phone?: string | null;
  emailVerification?: boolean;
  labels?: string[];
}

export async function insertUser(
  deps: AccountDeps,
  u: NewUser,
  ctx: RequestContext,
): Promise<AccountModel> {
  const now = toIso(deps.clock.now());
  const row: UsersTable = {
    id: u.id === 'unique()' ? uniqueId(deps.clock.now()) : u.id,
    created_at: now,
    updated_at: now,
    name: u.name,
    email: u.email?.toLowerCase() ?? null,
    phone: u.phone ?? null,
    password_hash: u.password ? await hashPassword(u.password) : null,
    password_updated_at: u.password ? now : null,
    registration: now,
    status: 1,
    labels: JSON.stringify(u.labels ?? []),
    email_verification: u.emailVerification ? 1 : 0,
    phone_verification: 0,
    prefs: '{}',
    accessed_at: now,
  };
  try {
    await accountDb(deps).insertInto('users').values(row).execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('user_already_exists');
    throw e;
  }
  const model = toAccountModel(row);
  await audit(deps, row.id, 'user.create', ctx);
  publishUserEvent(deps, 'users.[userId].create', { userId: row.id }, model);
  return model;
}

type ProfileChange = 'name' | 'password' | 'email' | 'phone' | 'prefs' | 'status' | 'labels';

/** Writes changed columns, bumps $updatedAt, logs and announces the change. */
export async function updateUser(
  deps: AccountDeps,
  id: string,
  change: ProfileChange,
  values: Partial<Omit<UsersTable, 'id' | 'created_at'>>,
  ctx: RequestContext,
): Promise<AccountModel> {
  try {
    await accountDb(deps)
      .updateTable('users')
      .set({ ...values, updated_at: toIso(deps.clock.now()) })
      .where('id', '=', id)
      .execute();
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
  const model = toAccountModel(await requireUser(deps, id));
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
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new AppError('user_invalid_credentials');
    }
    return {};
  }
  return {
    password_hash: await hashPassword(password),
    password_updated_at: toIso(deps.clock.now()),
  };
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
  const passwordMatches = await verifyPassword(existing.password_hash, input.password);
  const labels = toAccountModel(existing).labels;
  if (labels.includes(input.label)) {
    return { user: toAccountModel(existing), outcome: 'unchanged', passwordMatches };
  }
  if (!passwordMatches && !input.promote) {
    return { user: toAccountModel(existing), outcome: 'refused', passwordMatches };
  }
  const user = await updateUser(
    deps,
    existing.id,
    'labels',
    { labels: JSON.stringify([...labels, input.label]) },
    ctx,
  );
  return { user, outcome: 'promoted', passwordMatches };
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
  return verifyPassword(user.password_hash, password);
}
