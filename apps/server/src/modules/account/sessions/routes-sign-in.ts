import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import { customId, email, optional, password, readParams, text } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import type { AccountDeps, AccountFlows } from '../context.js';
import { HOUR, limit, requestContext, sharedLimit } from '../route-helpers.js';
import { createSession } from './sessions.js';
import type { SessionTransport } from './session-transport.js';
import { signedInFrom } from '../audit.js';
import { KNOWN_ADDRESS_DAYS, type LoginGuard } from './login-guard.js';
import { signUp } from '../users/signup.js';
import { findUserByEmail, insertUser, passwordMatches } from '../users/users.js';

/** Log-ins one client address may try an hour, whatever the e-mails (README, rate limits). */
export const LOGINS_PER_IP = 50;

/** Signing up and signing in with e-mail and password, or anonymously (docs/protocol.md §3.0). */
export function registerSignInRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  flows: AccountFlows,
  transport: SessionTransport,
  guard: LoginGuard,
): void {
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
      const user = await signUp(deps, flows, req.log, p, requestContext(req));
      return reply.code(201).send(user);
    },
  );

  const emailSession = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = readParams(input(req), { email: email(), password: password() });
    const user = await findUserByEmail(deps, p.email);
    const since = new Date(deps.clock.now().getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
    const known = await signedInFrom(deps, user?.id ?? '', req.ip, since);
    const wait = await guard.wait(p.email, req.ip, known);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new AppError(
        'general_rate_limit_exceeded',
        'Too many wrong passwords for this account from here. Please try again later.',
      );
    }
    const ok = await passwordMatches(deps, user, p.password);
    if (!user || !ok) {
      await guard.failed(p.email, req.ip);
      throw new AppError('user_invalid_credentials');
    }
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
  // Wrong passwords per account are held by the guard (login-guard.ts), which never locks the
  // owner out; a bound per address keeps one client from trying a password across many
  // accounts, shared by the route and its alias.
  const loginLimits = { rateLimits: [sharedLimit('login', limit(LOGINS_PER_IP, HOUR, 'ip'))] };
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
}
