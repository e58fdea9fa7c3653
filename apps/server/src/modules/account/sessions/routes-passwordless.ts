import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import {
  customId,
  email,
  hostUrl,
  optional,
  phone,
  readParams,
  text,
  uid,
} from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import type { AccountDeps, AccountFlows } from '../context.js';
import { mailToken, smsCode } from '../delivery.js';
import { HOUR, limit, requestContext } from '../route-helpers.js';
import { createSession } from './sessions.js';
import type { SessionTransport } from './session-transport.js';
import { consumeToken, issueToken, type TokenKind } from '../tokens/tokens.js';
import type { UsersTable } from '../tables.js';
import {
  findUserByEmail,
  findUserByPhone,
  findUser,
  insertUser,
  requireUser,
  setUserFields,
} from '../users/users.js';

/** The user owning the address or number, or a new one with the id the client chose. */
async function userFor(
  deps: AccountDeps,
  req: FastifyRequest,
  existing: UsersTable | undefined,
  fresh: { id: string; email?: string; phone?: string },
): Promise<UsersTable> {
  if (existing) {
    if (!existing.status) throw new AppError('user_blocked');
    return existing;
  }
  const model = await insertUser(
    deps,
    {
      id: fresh.id,
      email: fresh.email ?? null,
      phone: fresh.phone ?? null,
      password: null,
      name: '',
    },
    requestContext(req),
  );
  return (await findUser(deps, model.$id))!;
}

/** Confirms the secret, marks the channel verified, and signs the user in. */
async function confirm(
  deps: AccountDeps,
  flows: AccountFlows,
  transport: SessionTransport,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: TokenKind,
  provider: 'magic-url' | 'phone',
) {
  const p = readParams(input(req), { userId: uid(), secret: text(256) });
  const user = await requireUser(deps, p.userId);
  if (!user.status) throw new AppError('user_blocked');
  await consumeToken(deps, user.id, kind, p.secret);
  const flag = provider === 'phone' ? 'phone_verification' : 'email_verification';
  await setUserFields(deps, user.id, { [flag]: 1 });
  if (provider === 'phone' && user.phone) {
    await flows.phoneVerified?.tell({ userId: user.id, phone: user.phone }, req.log);
  }
  const uidOf = (provider === 'phone' ? user.phone : user.email) ?? '';
  const issued = await createSession(
    deps,
    user.id,
    { name: provider, uid: uidOf },
    requestContext(req),
  );
  transport.issue(req, reply, issued.token, issued.expire);
  return reply.code(201).send(issued.session);
}

/**
 * Sign-in without a password (docs/protocol.md §3.0): a magic link by e-mail, or a six-digit code
 * by SMS. Asking creates the user when the address or number is new; confirming makes a session.
 */
export function registerPasswordlessRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  flows: AccountFlows,
  transport: SessionTransport,
): void {
  // Each request sends a message (an SMS costs money) and may create a user: besides the
  // reference's count per address or number, one client address gets 10 an hour, as recovery.
  const perAddress = limit(10, HOUR, 'ip');

  api.post(
    '/account/sessions/magic-url',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'param:email'), perAddress] } },
    async (req, reply) => {
      const p = readParams(input(req), {
        userId: customId(),
        email: email(),
        url: optional(hostUrl(flows.redirectHostnames)),
      });
      const existing = await findUserByEmail(deps, p.email);
      const user = await userFor(deps, req, existing, { id: p.userId, email: p.email });
      const issued = await issueToken(deps, user.id, 'magic-url');
      await mailToken(
        deps,
        flows,
        req.log,
        {
          kind: 'magic-url',
          to: user.email ?? p.email,
          name: user.name,
          url: p.url ?? new URL('/auth/magic-url', flows.webUrl).href,
          issued,
        },
        { project: deps.settings.projectId },
      );
      return reply.code(201).send(issued.token);
    },
  );

  api.put(
    '/account/sessions/magic-url',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'param:userId')] } },
    (req, reply) => confirm(deps, flows, transport, req, reply, 'magic-url', 'magic-url'),
  );

  api.post(
    '/account/sessions/phone',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'param:phone'), perAddress] } },
    async (req, reply) => {
      const p = readParams(input(req), { userId: customId(), phone: phone() });
      const existing = await findUserByPhone(deps, p.phone);
      const user = await userFor(deps, req, existing, { id: p.userId, phone: p.phone });
      const issued = await issueToken(deps, user.id, 'phone-session');
      await smsCode(deps, flows, req.log, { to: user.phone ?? p.phone, issued });
      return reply.code(201).send(issued.token);
    },
  );

  api.put(
    '/account/sessions/phone',
    { config: { rateLimits: [limit(10, HOUR, 'url', 'param:userId')] } },
    (req, reply) => confirm(deps, flows, transport, req, reply, 'phone-session', 'phone'),
  );
}
