import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import { hostUrl, readParams, text, uid } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { audit } from '../audit.js';
import type { AccountDeps, AccountFlows } from '../context.js';
import { mailToken, smsCode } from '../delivery.js';
import { toAccountModel } from '../models.js';
import { HOUR, limit, me, requestContext } from '../route-helpers.js';
import { consumeToken, issueToken, type TokenKind, type TokenModel } from './tokens.js';
import {
  publishUserEvent,
  publishUserItemEvent,
  requireUser,
  setUserFields,
} from '../users/users.js';

/**
 * E-mail and phone verification (docs/protocol.md §3.0): a link by e-mail, a six-digit code by SMS.
 */
export function registerVerificationRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  flows: AccountFlows,
): void {
  const announce = (req: FastifyRequest, token: TokenModel, action: 'create' | 'update') => {
    publishUserItemEvent(deps, token.userId, 'verification', action, token);
    return audit(deps, token.userId, `verification.${action}`, requestContext(req));
  };

  /** Confirms a secret and sets the flag it proves; the user needs no session for it. */
  const confirm = async (
    req: FastifyRequest,
    kind: TokenKind,
    flag: 'email_verification' | 'phone_verification',
  ) => {
    const p = readParams(input(req), { userId: uid(), secret: text(256) });
    const user = await requireUser(deps, p.userId);
    const token = await consumeToken(deps, user.id, kind, p.secret);
    const updated = await setUserFields(deps, user.id, { [flag]: 1 });
    if (flag === 'phone_verification' && updated.phone) {
      await flows.phoneVerified?.tell({ userId: user.id, phone: updated.phone }, req.log);
    }
    publishUserEvent(deps, 'users.[userId].update', { userId: user.id }, toAccountModel(updated));
    await announce(req, token, 'update');
    return token;
  };

  api.post(
    '/account/verification',
    { config: { scope: 'account', rateLimits: [limit(10, HOUR, 'url', 'userId')] } },
    async (req, reply) => {
      const p = readParams(input(req), { url: hostUrl(flows.redirectHostnames) });
      const user = await requireUser(deps, me(req));
      if (!user.email) {
        throw new AppError(
          'general_argument_invalid',
          'The account has no e-mail address to verify. Add one first.',
        );
      }
      if (user.email_verification) throw new AppError('user_email_alread_verified');
      const issued = await issueToken(deps, user.id, 'verification');
      await mailToken(deps, flows, req.log, {
        kind: 'verification',
        to: user.email,
        name: user.name,
        url: p.url,
        issued,
      });
      await announce(req, issued.token, 'create');
      return reply.code(201).send(issued.token);
    },
  );

  api.put(
    '/account/verification',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'param:userId')] } },
    (req) => confirm(req, 'verification', 'email_verification'),
  );

  api.post(
    '/account/verification/phone',
    { config: { scope: 'account', rateLimits: [limit(10, HOUR, 'userId')] } },
    async (req, reply) => {
      const user = await requireUser(deps, me(req));
      if (!user.phone) throw new AppError('user_phone_not_found');
      if (user.phone_verification) throw new AppError('user_phone_already_verified');
      const issued = await issueToken(deps, user.id, 'phone-verification');
      await smsCode(deps, flows, req.log, { to: user.phone, issued });
      await announce(req, issued.token, 'create');
      return reply.code(201).send(issued.token);
    },
  );

  api.put(
    '/account/verification/phone',
    { config: { rateLimits: [limit(10, HOUR, 'param:userId')] } },
    (req) => confirm(req, 'phone-verification', 'phone_verification'),
  );
}
