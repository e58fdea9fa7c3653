import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import { readParams, uid } from '../../../protocol/params.js';
import type { AccountDeps } from '../context.js';
import type { registerOAuth2Routes } from '../oauth2/routes-oauth2.js';
import { HOUR, limit, me, requestContext } from '../route-helpers.js';
import {
  createJwt,
  deleteAllSessions,
  deleteSession,
  getSession,
  listSessions,
} from './sessions.js';
import type { SessionTransport } from './session-transport.js';

/** Resolves `current` to the caller's own session id; anything else must be an id. */
function sessionParam(req: FastifyRequest): string {
  const id = (req.params as { sessionId: string }).sessionId;
  if (id !== 'current') return readParams(req.params, { sessionId: uid() }).sessionId;
  if (!req.caller.sessionId) throw new AppError('user_session_not_found');
  return req.caller.sessionId;
}

/**
 * The caller's sessions: list, read, refresh an OAuth2 session's provider tokens, sign out of one
 * or all, and JWTs for the current one (docs/protocol.md §3.0).
 */
export function registerSessionRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  transport: SessionTransport,
  refreshProviderTokens: ReturnType<typeof registerOAuth2Routes>,
): void {
  const account = { scope: 'account' as const };
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
      return reply.code(201).send({ jwt: await createJwt(deps, me(req), req.caller.sessionId) });
    },
  );
}
