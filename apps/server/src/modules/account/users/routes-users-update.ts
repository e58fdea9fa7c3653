import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  assoc,
  boolean,
  email,
  password,
  phone,
  readParams,
  text,
  labels,
  type Validator,
} from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { toIso } from '../../../tools/dates.js';
import type { AccountDeps } from '../context.js';
import { newPassword } from '../passwords/passwords.js';
import { requestContext } from '../route-helpers.js';
import { pathUser, usersWrite } from './routes-users.js';
import { dropTokens } from '../tokens/tokens.js';
import { requireAdminScope, userAnswer } from './user-answer.js';
import { toUserModel, type UserModel } from './user-model.js';
import { requireUser, updateUser } from './users.js';

/**
 * Changes to one user's fields through the users API (docs/protocol.md §3.3), each answering the
 * User model: labels (PUT, as node-appwrite sends it), status, name, e-mail, phone, password,
 * verification flags, preferences (answering the preferences).
 */
export function registerUserUpdateRoutes(api: FastifyInstance, deps: AccountDeps): void {
  /** One change; `written` names the fields it sets, all the answer carries without users.read. */
  const change = async (
    req: FastifyRequest,
    what: Parameters<typeof updateUser>[2],
    values: Parameters<typeof updateUser>[3],
    written: readonly (keyof UserModel)[],
    labelsAfter: readonly string[] = [],
  ) => {
    const user = await pathUser(deps, req);
    requireAdminScope(deps, req, toUserModel(user).labels, labelsAfter);
    await updateUser(deps, user.id, what, values, requestContext(req));
    return userAnswer(req, toUserModel(await requireUser(deps, user.id)), written);
  };
  const body = <T extends Record<string, Validator<unknown>>>(req: FastifyRequest, spec: T) =>
    readParams(input(req), spec);

  api.put('/users/:userId/labels', { config: usersWrite }, async (req) => {
    const p = body(req, { labels: labels() });
    return change(req, 'labels', { labels: JSON.stringify(p.labels) }, ['labels'], p.labels);
  });

  api.patch('/users/:userId/status', { config: usersWrite }, async (req) => {
    const p = body(req, { status: boolean() });
    return change(req, 'status', { status: p.status ? 1 : 0 }, ['status']);
  });

  api.patch('/users/:userId/name', { config: usersWrite }, async (req) => {
    const p = body(req, { name: text(128, 0) });
    return change(req, 'name', { name: p.name }, ['name']);
  });

  api.patch('/users/:userId/email', { config: usersWrite }, async (req) => {
    const p = body(req, { email: email() });
    const user = await change(
      req,
      'email',
      { email: p.email.toLowerCase(), email_verification: 0 },
      ['email', 'emailVerification'],
    );
    // Links mailed to the old address no longer open anything.
    await dropTokens(deps, user.$id, ['verification', 'magic-url', 'recovery']);
    return user;
  });

  api.patch('/users/:userId/phone', { config: usersWrite }, async (req) => {
    const p = body(req, { number: phone() });
    const user = await change(req, 'phone', { phone: p.number, phone_verification: 0 }, [
      'phone',
      'phoneVerification',
    ]);
    await dropTokens(deps, user.$id, ['phone-verification', 'phone-session']);
    return user;
  });

  api.patch('/users/:userId/password', { config: usersWrite }, async (req) => {
    const p = body(req, { password: password() });
    return change(
      req,
      'password',
      {
        ...(await newPassword(deps.passwords, p.password)),
        password_updated_at: toIso(deps.clock.now()),
      },
      ['passwordUpdate'],
    );
  });

  api.patch('/users/:userId/verification', { config: usersWrite }, async (req) => {
    const p = body(req, { emailVerification: boolean() });
    return change(req, 'verification', { email_verification: p.emailVerification ? 1 : 0 }, [
      'emailVerification',
    ]);
  });

  api.patch('/users/:userId/verification/phone', { config: usersWrite }, async (req) => {
    const p = body(req, { phoneVerification: boolean() });
    return change(req, 'verification', { phone_verification: p.phoneVerification ? 1 : 0 }, [
      'phoneVerification',
    ]);
  });

  api.patch('/users/:userId/prefs', { config: usersWrite }, async (req) => {
    const p = body(req, { prefs: assoc() });
    await change(req, 'prefs', { prefs: JSON.stringify(p.prefs) }, ['prefs']);
    return p.prefs;
  });
}
