import type { Kysely } from 'kysely';
import type { Caller } from '../../protocol/caller.js';
import type { CarriedToken } from '../../protocol/session-token.js';
import { ensureConfiguredAdmin } from './users/admin-bootstrap.js';
import type { AccountDeps, RequestContext } from './context.js';
import type { AccountModel } from './models.js';
import {
  countRegistrations,
  firstEmailWithLabel,
  registrationsByHour,
} from './users/registrations.js';
import { sessionDirectory, type SessionDirectory } from './sessions/session-directory.js';
import { authenticate } from './sessions/sessions.js';
import type { AccountTables, UsersTable } from './tables.js';
import type { Executor } from '../../db/database.js';
import { accountDb } from './context.js';
import {
  phoneVerifiedListeners,
  type PhoneVerifiedListener,
  type PhoneVerifiedListeners,
} from './users/phone-verified.js';
import { importConflict, importUserRow, removeImportedUser } from './users/user-import.js';
import {
  ensureLabelledUser,
  findUserByEmail,
  findUser,
  insertUser,
  labelledWithPassword,
  removeLabel,
  type LabelOutcome,
  type NewUser,
} from './users/users.js';

type Bound<F> = F extends (deps: AccountDeps, ...rest: infer A) => infer R
  ? (...rest: A) => R
  : never;

/**
 * What the rest of the server may ask of the account module: the request pipeline who a caller
 * is, realtime who holds a session, the shop its demo customers and its sign-up figures. Nobody
 * outside the module reads its tables.
 */
export interface AccountService {
  /** The caller a request's session token or JWT stands for. */
  authenticate(token: CarriedToken | null, jwt: string | null): Promise<Caller>;
  /** Who a token or a session is, now (realtime). */
  directory: SessionDirectory;
  findUserByEmail(email: string): Promise<UsersTable | undefined>;
  findUserById(id: string): Promise<UsersTable | undefined>;
  insertUser(user: NewUser, ctx: RequestContext): Promise<AccountModel>;
  ensureLabelledUser: Bound<typeof ensureLabelledUser>;
  /** ADMIN_EMAIL / ADMIN_PASSWORD at start. */
  ensureConfiguredAdmin: Bound<typeof ensureConfiguredAdmin>;
  countRegistrations: Bound<typeof countRegistrations>;
  registrationsByHour: Bound<typeof registrationsByHour>;
  firstEmailWithLabel: Bound<typeof firstEmailWithLabel>;
  removeLabel: Bound<typeof removeLabel>;
  labelledWithPassword: Bound<typeof labelledWithPassword>;
  /** The label that makes an account the shop's admin (ADMIN_LABEL). */
  adminLabel: string;
  /** Users copied from another project (user-import.ts): what stands in the way of one. */
  importConflict: Bound<typeof importConflict>;
  /** Copies a user's row in as it was there; `present` when its id is already here. */
  importUser: Bound<typeof importUserRow>;
  /** Takes out again a user the import copied in (import/undo.ts). */
  removeImportedUser: Bound<typeof removeImportedUser>;
  /** Hears of every number an SMS code proves (a phone sign-in, a verification); unsubscribes. */
  onPhoneVerified(listener: PhoneVerifiedListener): () => void;
  /**
   * Which of these users are anonymous (no e-mail, no phone, no password: a guest's session),
   * read through `k` when given (inside another module's transaction).
   */
  anonymousAmong(ids: readonly string[], k?: Executor): Promise<Set<string>>;
}

export type { LabelOutcome };

async function anonymousAmong(deps: AccountDeps, ids: readonly string[], k?: Executor) {
  if (ids.length === 0) return new Set<string>();
  const db: Kysely<AccountTables> = k ? k.withTables<AccountTables>() : accountDb(deps);
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('email', 'is', null)
    .where('phone', 'is', null)
    .where('password_hash', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function accountService(
  deps: AccountDeps,
  phoneVerified: PhoneVerifiedListeners = phoneVerifiedListeners(),
): AccountService {
  return {
    authenticate: (token, jwt) => authenticate(deps, token, jwt),
    directory: sessionDirectory(deps),
    findUserByEmail: (email) => findUserByEmail(deps, email),
    findUserById: (id) => findUser(deps, id),
    insertUser: (user, ctx) => insertUser(deps, user, ctx),
    ensureLabelledUser: (input, ctx) => ensureLabelledUser(deps, input, ctx),
    ensureConfiguredAdmin: (admin, log) => ensureConfiguredAdmin(deps, admin, log),
    countRegistrations: (q) => countRegistrations(deps, q),
    registrationsByHour: (q) => registrationsByHour(deps, q),
    firstEmailWithLabel: (label, k) => firstEmailWithLabel(deps, label, k),
    removeLabel: (email, label, ctx) => removeLabel(deps, email, label, ctx),
    labelledWithPassword: (email, label, password) =>
      labelledWithPassword(deps, email, label, password),
    adminLabel: deps.settings.adminLabel,
    importConflict: (row) => importConflict(deps, row),
    importUser: (row) => importUserRow(deps, row),
    removeImportedUser: (id) => removeImportedUser(deps, id),
    onPhoneVerified: (listener) => phoneVerified.add(listener),
    anonymousAmong: (ids, k) => anonymousAmong(deps, ids, k),
  };
}
