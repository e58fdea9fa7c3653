import type { Kysely } from 'kysely';
import { ensureConfiguredAdmin } from './users/admin-bootstrap.js';
import type { AccountDeps } from './context.js';
import {
  countRegistrations,
  firstEmailWithLabel,
  registrationsByHour,
} from './users/registrations.js';
import { sessionDirectory } from './sessions/session-directory.js';
import { authenticate } from './sessions/sessions.js';
import type { AccountTables } from './tables.js';
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
} from './users/users.js';

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

/**
 * What the rest of the server may ask of the account module: the request pipeline who a caller
 * is, realtime who holds a session, the shop its demo customers and its sign-up figures. Nobody
 * outside the module reads its tables.
 */
export function accountService(
  deps: AccountDeps,
  phoneVerified: PhoneVerifiedListeners = phoneVerifiedListeners(),
) {
  return {
    /** The caller a request's session token or JWT stands for. */
    authenticate: authenticate.bind(null, deps),
    /** Who a token or a session is, now (realtime). */
    directory: sessionDirectory(deps),
    findUserByEmail: findUserByEmail.bind(null, deps),
    findUserById: findUser.bind(null, deps),
    insertUser: insertUser.bind(null, deps),
    ensureLabelledUser: ensureLabelledUser.bind(null, deps),
    /** ADMIN_EMAIL / ADMIN_PASSWORD at start. */
    ensureConfiguredAdmin: ensureConfiguredAdmin.bind(null, deps),
    countRegistrations: countRegistrations.bind(null, deps),
    registrationsByHour: registrationsByHour.bind(null, deps),
    firstEmailWithLabel: firstEmailWithLabel.bind(null, deps),
    removeLabel: removeLabel.bind(null, deps),
    labelledWithPassword: labelledWithPassword.bind(null, deps),
    /** The label that makes an account the shop's admin (ADMIN_LABEL). */
    adminLabel: deps.settings.adminLabel,
    /** Users copied from another project (user-import.ts): what stands in the way of one. */
    importConflict: importConflict.bind(null, deps),
    /** Copies a user's row in as it was there; `present` when its id is already here. */
    importUser: importUserRow.bind(null, deps),
    /** Takes out again a user the import copied in (import/undo.ts). */
    removeImportedUser: removeImportedUser.bind(null, deps),
    /** Hears of every number an SMS code proves (a phone sign-in, a verification); unsubscribes. */
    onPhoneVerified: (listener: PhoneVerifiedListener) => phoneVerified.add(listener),
    /**
     * Which of these users are anonymous (no e-mail, no phone, no password: a guest's session),
     * read through `k` when given (inside another module's transaction).
     */
    anonymousAmong: anonymousAmong.bind(null, deps),
  };
}

export type AccountService = ReturnType<typeof accountService>;
