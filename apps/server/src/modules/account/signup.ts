import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../protocol/errors.js';
import { toIso } from '../../tools/dates.js';
import { uniqueId } from '../../tools/ids.js';
import type { AccountDeps, AccountFlows, RequestContext } from './context.js';
import { toAccountModel, type AccountModel } from './models.js';
import { hashPassword } from './passwords.js';
import { findUserByEmail, insertUser } from './users.js';

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
  const shop = flows.shopName;
  const login = new URL('/login', flows.webUrl).href;
  const text = `Hello,\n\nSomeone tried to create a ${shop} account with this address, but it already has one. If it was you, sign in here (or ask for a new password on that page if you have forgotten it):\n${login}\n\nIf it was not you, you can ignore this e-mail: nothing has changed.\n\n${shop}\n`;
  await flows.mailer
    .send({ to, subject: `Your ${shop} account`, text, kind: 'signup-existing', limited: true })
    .catch((err: unknown) => log.error({ err, kind: 'signup' }, 'e-mail delivery failed'));
}

/**
 * POST /account (docs/protocol.md §3.0). An address that already has an account gets the same
 * 201 as a new one, with nothing stored, and the e-mail to that address says what happened: the
 * answer tells nobody whether the address is known. The password is hashed either way and the
 * e-mail is not waited for, so the time taken tells nothing either. A custom id that is taken is still a 409 (ids are not
 * personal).
 */
export async function signUp(
  deps: AccountDeps,
  flows: AccountFlows,
  log: FastifyBaseLogger,
  s: SignUp,
  ctx: RequestContext,
): Promise<AccountModel> {
  const known = async () => {
    const user = await findUserByEmail(deps, s.email);
    if (!user || user.id === s.userId) return false;
    await hashPassword(s.password);
    // Not awaited: a new account's answer does not wait for a mail server either.
    void mailAlreadyRegistered(flows, log, user.email ?? s.email);
    return true;
  };
  if (await known()) return decoyAccount(s, deps.clock.now());
  try {
    return await insertUser(
      deps,
      { id: s.userId, email: s.email, password: s.password, name: s.name },
      ctx,
    );
  } catch (e) {
    // Another sign-up with this address got there first.
    if (e instanceof AppError && e.type === 'user_already_exists' && (await known())) {
      return decoyAccount(s, deps.clock.now());
    }
    throw e;
  }
}
