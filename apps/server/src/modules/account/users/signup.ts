import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import { toIso } from '../../../tools/dates.js';
import { uniqueId } from '../../../tools/ids.js';
import type { AccountDeps, AccountFlows, RequestContext } from '../context.js';
import { toAccountModel, type AccountModel } from '../models.js';
import type { UsersTable } from '../tables.js';
import { findUserByEmail, insertUser, newUserRow, storeUser } from './users.js';

export interface SignUp {
  userId: string;
  email: string;
  password: string;
  name: string;
}

/** What a new account looks like in the answer; nothing of it is stored. */
function decoyAccount(s: SignUp, now: Date): AccountModel {
  const at = toIso(now);
  return toAccountModel({
    id: s.userId === 'unique()' ? uniqueId(now) : s.userId,
    created_at: at,
    updated_at: at,
    name: s.name,
    email: s.email.toLowerCase(),
    phone: null,
    password_hash: null,
    password_algorithm: 'argon2',
    password_options: '{}',
    password_updated_at: at,
    registration: at,
    status: 1,
    labels: '[]',
    email_verification: 0,
    phone_verification: 0,
    prefs: '{}',
    accessed_at: at,
  });
}

/** Tells the address's owner that someone tried to sign up with it, and where to go instead. */
async function mailAlreadyRegistered(flows: AccountFlows, log: FastifyBaseLogger, to: string) {
  const shop = await flows.shopName();
  const login = new URL('/login', flows.webUrl).href;
  const text = `Hello,\n\nSomeone tried to create a ${shop} account with this address, but it already has one. If it was you, sign in here (or ask for a new password on that page if you have forgotten it):\n${login}\n\nIf it was not you, you can ignore this e-mail: nothing has changed.\n\n${shop}\n`;
  await flows.mailer
    .send({ to, subject: `Your ${shop} account`, text, kind: 'signup-existing', limited: true })
    .catch((err: unknown) => log.error({ err, kind: 'signup' }, 'e-mail delivery failed'));
}

/**
 * The work of a new account, with nothing kept: the same hash and the same statements for a user
 * no one will have (an id of its own, no e-mail), taken out again in the same unit of work, so
 * a sign-up with a known address takes the time of a new one.
 */
async function rehearseNewAccount(deps: AccountDeps, s: SignUp, ctx: RequestContext) {
  const user = { id: 'unique()', email: null, password: s.password, name: s.name };
  const row = await newUserRow(deps, user);
  await deps.db.write(async (k) => {
    await storeUser(k, deps, row, ctx);
    await k.deleteFrom('account_logs').where('user_id', '=', row.id).execute();
    await k.deleteFrom('users').where('id', '=', row.id).execute();
  });
}

/**
 * POST /account (docs/protocol.md §3.0). An address that already has an account gets the same
 * 201 as a new one, with nothing stored, and the e-mail to that address says what happened: the
 * answer tells nobody whether the address is known. Either way the password is hashed and the
 * same statements run (rehearseNewAccount), and the e-mail is not waited for, so the time taken
 * tells nothing either (`npm run bench -- signup-timing`). A custom id that is taken is still a
 * 409 (ids are not personal).
 */
export async function signUp(
  deps: AccountDeps,
  flows: AccountFlows,
  log: FastifyBaseLogger,
  s: SignUp,
  ctx: RequestContext,
): Promise<AccountModel> {
  const holder = async () => {
    const user = await findUserByEmail(deps, s.email);
    return user && user.id !== s.userId ? user : null;
  };
  const alreadyRegistered = (user: UsersTable) => {
    // Not awaited: a new account's answer does not wait for a mail server either.
    void mailAlreadyRegistered(flows, log, user.email ?? s.email);
    return decoyAccount(s, deps.clock.now());
  };
  const known = await holder();
  if (known) {
    await rehearseNewAccount(deps, s, ctx);
    return alreadyRegistered(known);
  }
  try {
    return await insertUser(
      deps,
      { id: s.userId, email: s.email, password: s.password, name: s.name },
      ctx,
    );
  } catch (e) {
    // Another sign-up with this address got there first (its work done all the same).
    const raced = e instanceof AppError && e.type === 'user_already_exists' && (await holder());
    if (raced) return alreadyRegistered(raced);
    throw e;
  }
}
