import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import {
  assoc,
  customId,
  email,
  optional,
  password,
  phone,
  readParams,
  text,
  uid,
} from '../../http/params.js';
import { input } from '../../http/pipeline.js';
import { toIso } from '../../tools/dates.js';
import type { AccountDeps, AccountFlows } from './context.js';
import { registerLogsAndIdentitiesRoutes } from './routes-logs-identities.js';
import { registerOAuth2Routes } from './routes-oauth2.js';
import { registerPasswordlessRoutes } from './routes-passwordless.js';
import { registerRecoveryRoutes } from './routes-recovery.js';
import { registerVerificationRoutes } from './routes-verification.js';
import { toAccountModel } from './models.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { HOUR, limit, me, requestContext, sharedLimit } from './route-helpers.js';
import {
  createJwt,
  createSession,
  deleteAllSessions,
  deleteSession,
  getSession,
  listSessions,
} from './sessions.js';
import type { SessionTransport } from './session-transport.js';
import { dropTokens } from './tokens.js';
import {
  checkOrSetPassword,
  findUserByEmail,
  insertUser,
  requireUser,
  updateUser,
} from './users.js';

/** Log-ins one client address may try an hour, whatever the e-mails (README, rate limits). */
export const LOGINS_PER_IP = 50;

/** Resolves `current` to the caller's own session id; anything else must be an id. */
function sessionParam(req: FastifyRequest): string {
  const id = (req.params as { sessionId: string }).sessionId;
  if (id !== 'current') return readParams(req.params, { sessionId: uid() }).sessionId;
  if (!req.caller.sessionId) throw new AppError('user_session_not_found');
  return req.caller.sessionId;
}

/**
 * Account routes of docs/protocol.md §3.0: sessions and profile here, the other flows in
 * routes-*.ts.
 */
export function registerAccountRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  transport: SessionTransport,
  flows: AccountFlows,
): void {
  const account = { scope: 'account' as const };
  registerRecoveryRoutes(api, deps, flows);
  registerVerificationRoutes(api, deps, flows);
  registerPasswordlessRoutes(api, deps, flows, transport);
  const refreshProviderTokens = registerOAuth2Routes(api, deps, flows, transport);
  registerLogsAndIdentitiesRoutes(api, deps);

  api.post(
    '/account',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'ip')] } },
    async (req, reply) => {
      const p = readParams(input(req), {
        userId: customId(),
        email: email(),
        password: password(),
        name: optional(text(128), ''),
      });
      const user = await insertUser(
        deps,
        { id: p.userId, email: p.email, password: p.password, name: p.name },
        requestContext(req),
      );
      return reply.code(201).send(user);
    },
  );

  const emailSession = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = readParams(input(req), { email: email(), password: password() });
    const user = await findUserByEmail(deps, p.email);
    const ok = await verifyPassword(user?.password_hash ?? null, p.password);
    if (!user || !ok) throw new AppError('user_invalid_credentials');
    if (!user.status) throw new AppError('user_blocked');
    const issued = await createSession(
      deps,
      user.id,
      { name: 'email', uid: user.email ?? '' },
      requestContext(req),
    );
    transport.issue(req, reply, issued.token, issued.expire);
    return reply.code(201).send(issued.session);
  };
  // The reference's 10 per e-mail, plus a bound per address so one client cannot try a
  // password across many accounts; both counters are shared by the route and its alias.
  const loginLimits = {
    rateLimits: [
      sharedLimit('login', limit(10, HOUR, 'param:email')),
      sharedLimit('login', limit(LOGINS_PER_IP, HOUR, 'ip')),
    ],
  };
  api.post('/account/sessions/email', { config: loginLimits }, emailSession);
  api.post('/account/sessions', { config: loginLimits }, emailSession);

  api.post(
    '/account/sessions/anonymous',
    { config: { rateLimits: [limit(50, HOUR, 'ip')] } },
    async (req, reply) => {
      if (req.caller.user) throw new AppError('user_session_already_exists');
      const ctx = requestContext(req);
      const user = await insertUser(
        deps,
        { id: 'unique()', email: null, password: null, name: '' },
        ctx,
      );
      const issued = await createSession(deps, user.$id, { name: 'anonymous', uid: '' }, ctx);
      transport.issue(req, reply, issued.token, issued.expire);
      return reply.code(201).send(issued.session);
    },
  );

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
      !(p.oldPassword && (await verifyPassword(user.password_hash, p.oldPassword)))
    ) {
      throw new AppError('user_invalid_credentials');
    }
    const values = {
      password_hash: await hashPassword(p.password),
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

  api.get('/account/sessions', { config: account }, async (req) =>
    listSessions(deps, me(req), req.caller.sessionId),
  );

  const sessionDeleteLimits = { ...account, rateLimits: [limit(100, HOUR, 'url', 'ip')] };
  api.delete('/account/sessions', { config: sessionDeleteLimits }, async (req, reply) => {
    const count = await deleteAllSessions(deps, me(req), req.caller.sessionId, requestContext(req));
    if (count > 0) transport.clear(req, reply);
    return reply.code(204).send();
  });

  api.get('/account/sessions/:sessionId', { config: account }, async (req) =>
    getSession(deps, me(req), sessionParam(req), req.caller.sessionId),
  );

  api.patch(
    '/account/sessions/:sessionId',
    { config: { ...account, rateLimits: [limit(10, HOUR, 'url', 'ip')] } },
    async (req) => {
      const session = await getSession(deps, me(req), sessionParam(req), req.caller.sessionId);
      // Only OAuth2 sessions have provider tokens to refresh.
      return refreshProviderTokens(me(req), session, req.caller.sessionId);
    },
  );

  api.delete(
    '/account/sessions/:sessionId',
    { config: sessionDeleteLimits },
    async (req, reply) => {
      const id = sessionParam(req);
      await deleteSession(deps, me(req), id, req.caller.sessionId, requestContext(req));
      if (id === req.caller.sessionId) transport.clear(req, reply);
      return reply.code(204).send();
    },
  );

  api.post(
    '/account/jwt',
    { config: { ...account, rateLimits: [limit(100, HOUR, 'url', 'userId')] } },
    async (req, reply) => {
      if (req.caller.via === 'jwt' || !req.caller.sessionId)
        throw new AppError('user_session_not_found');
      return reply.code(201).send({ jwt: createJwt(deps, me(req), req.caller.sessionId) });
    },
  );
}
