import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import {
  assoc,
  email,
  optional,
  password,
  phone,
  readParams,
  text,
} from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { toIso } from '../../../tools/dates.js';
import type { AccountDeps } from '../context.js';
import { toAccountModel } from '../models.js';
import { newPassword, verifyPassword } from '../passwords/passwords.js';
import { me, requestContext } from '../route-helpers.js';
import type { SessionTransport } from '../sessions/session-transport.js';
import { dropTokens } from '../tokens/tokens.js';
import { checkOrSetPassword, requireUser, updateUser } from '../users/users.js';

/** The signed-in user's own account: read it, change prefs, name, password, e-mail, phone, status. */
export function registerProfileRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  transport: SessionTransport,
): void {
  const account = { scope: 'account' as const };
  api.get('/account', { config: account }, async (req) =>
    toAccountModel(await requireUser(deps, me(req))),
  );

  api.get('/account/prefs', { config: account }, async (req) => {
    const prefs = toAccountModel(await requireUser(deps, me(req))).prefs;
    return prefs;
  });

  api.patch('/account/prefs', { config: account }, async (req) => {
    const p = readParams(input(req), { prefs: assoc() });
    return updateUser(
      deps,
      me(req),
      'prefs',
      { prefs: JSON.stringify(p.prefs) },
      requestContext(req),
    );
  });

  api.patch('/account/name', { config: account }, async (req) => {
    const p = readParams(input(req), { name: text(128) });
    return updateUser(deps, me(req), 'name', { name: p.name }, requestContext(req));
  });

  api.patch('/account/password', { config: account }, async (req) => {
    const p = readParams(input(req), { password: password(), oldPassword: optional(password()) });
    const user = await requireUser(deps, me(req));
    if (
      user.password_hash &&
      !(p.oldPassword && (await verifyPassword(deps.passwords, user, p.oldPassword)))
    ) {
      throw new AppError('user_invalid_credentials');
    }
    const values = {
      ...(await newPassword(deps.passwords, p.password)),
      password_updated_at: toIso(deps.clock.now()),
    };
    return updateUser(deps, user.id, 'password', values, requestContext(req));
  });

  api.patch('/account/email', { config: account }, async (req) => {
    const p = readParams(input(req), { email: email(), password: password() });
    const user = await requireUser(deps, me(req));
    const passwordChange = await checkOrSetPassword(deps, user, p.password);
    const values = { ...passwordChange, email: p.email.toLowerCase(), email_verification: 0 };
    const model = await updateUser(deps, user.id, 'email', values, requestContext(req));
    await dropTokens(deps, user.id, ['verification', 'magic-url', 'recovery']);
    return model;
  });

  api.patch('/account/phone', { config: account }, async (req) => {
    const p = readParams(input(req), { phone: phone(), password: password() });
    const user = await requireUser(deps, me(req));
    const passwordChange = await checkOrSetPassword(deps, user, p.password);
    const values = { ...passwordChange, phone: p.phone, phone_verification: 0 };
    const model = await updateUser(deps, user.id, 'phone', values, requestContext(req));
    await dropTokens(deps, user.id, ['phone-verification', 'phone-session']);
    return model;
  });

  api.patch('/account/status', { config: account }, async (req, reply) => {
    const model = await updateUser(deps, me(req), 'status', { status: 0 }, requestContext(req));
    transport.clear(req, reply);
    return model;
  });
}
