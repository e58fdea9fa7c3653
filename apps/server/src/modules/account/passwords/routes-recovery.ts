import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { uniqueId } from '../../../tools/ids.js';
import { AppError } from '../../../protocol/errors.js';
import { email, hostUrl, password, readParams, text, uid } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { toIso } from '../../../tools/dates.js';
import { audit } from '../audit.js';
import { deleteAllSessions } from '../sessions/sessions.js';
import type { AccountDeps, AccountFlows } from '../context.js';
import { mailToken } from '../delivery.js';
import { newPassword } from './passwords.js';
import { HOUR, limit, requestContext } from '../route-helpers.js';
import {
  consumeToken,
  dropTokens,
  issueToken,
  TOKEN_LIFETIME_SECONDS,
  type TokenModel,
} from '../tokens/tokens.js';
import { findUserByEmail, publishUserItemEvent, requireUser, updateUser } from '../users/users.js';

/** The answer to a reset asked for an address without a usable account: shaped like any other. */
function decoyToken(now: Date): TokenModel {
  return {
    $id: uniqueId(now),
    $createdAt: toIso(now),
    userId: uniqueId(now),
    secret: '',
    expire: toIso(new Date(now.getTime() + TOKEN_LIFETIME_SECONDS.recovery * 1000)),
  };
}

/** Tells the address why no reset link came; a delivery failure is only logged (no oracle). */
async function mailNoReset(
  flows: AccountFlows,
  log: FastifyBaseLogger,
  to: string,
  why: 'unknown' | 'blocked',
): Promise<void> {
  const shop = await flows.shopName();
  const body =
    why === 'unknown'
      ? `Someone asked to reset the ${shop} password of this address, but there is no ${shop} account for it. If it was you, you may have signed up with another address.`
      : `Someone asked to reset the ${shop} password of this address, but its account is blocked, so no link was sent. Please contact the shop.`;
  const text = `Hello,\n\n${body}\n\nIf you did not ask for this, you can ignore this e-mail.\n\n${shop}\n`;
  await flows.mailer
    .send({
      to,
      subject: `Your ${shop} password reset`,
      text,
      kind: 'recovery',
      // Retried no longer than a real reset link would be, so the queue tells nothing either.
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_SECONDS.recovery * 1000),
    })
    .catch((err: unknown) => log.error({ err, kind: 'recovery' }, 'e-mail delivery failed'));
}

/** Password recovery (docs/protocol.md §3.0): a one-hour link by e-mail, then a new password. */
export function registerRecoveryRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  flows: AccountFlows,
): void {
  api.post(
    '/account/recovery',
    {
      config: {
        rateLimits: [limit(10, HOUR, 'url', 'param:email'), limit(10, HOUR, 'ip')],
      },
    },
    async (req, reply) => {
      const p = readParams(input(req), {
        email: email(),
        url: hostUrl(flows.redirectHostnames),
      });
      const user = await findUserByEmail(deps, p.email);
      // Whether an address has an account (or a blocked one) is nobody else's business: the
      // answer is the same, and the e-mail to the address says what happened.
      if (!user || !user.status) {
        await mailNoReset(flows, req.log, p.email, user ? 'blocked' : 'unknown');
        return reply.code(201).send(decoyToken(deps.clock.now()));
      }
      const issued = await issueToken(deps, user.id, 'recovery');
      await mailToken(deps, flows, req.log, {
        kind: 'recovery',
        to: user.email!,
        name: user.name,
        url: p.url,
        issued,
      });
      await audit(deps, user.id, 'recovery.create', requestContext(req));
      publishUserItemEvent(deps, user.id, 'recovery', 'create', issued.token);
      return reply.code(201).send(issued.token);
    },
  );

  api.put(
    '/account/recovery',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'param:userId')] } },
    async (req) => {
      const p = readParams(input(req), {
        userId: uid(),
        secret: text(256),
        password: password(),
        passwordAgain: password(),
      });
      if (p.password !== p.passwordAgain) throw new AppError('user_password_mismatch');
      const user = await requireUser(deps, p.userId);
      if (!user.status) throw new AppError('user_blocked');
      const token = await consumeToken(deps, user.id, 'recovery', p.secret);
      const ctx = requestContext(req);
      // Following the link proves the mailbox is the user's, so the address counts as verified.
      const values = {
        ...(await newPassword(deps.passwords, p.password)),
        password_updated_at: toIso(deps.clock.now()),
        email_verification: 1,
      };
      await updateUser(deps, user.id, 'password', values, ctx);
      // Every other reset link of this user dies with the one that was used, and so does every
      // session: whoever knew the old password is signed out everywhere.
      await dropTokens(deps, user.id, ['recovery']);
      await deleteAllSessions(deps, user.id, null, ctx);
      await audit(deps, user.id, 'recovery.update', ctx);
      publishUserItemEvent(deps, user.id, 'recovery', 'update', token);
      return token;
    },
  );
}
