import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  customId,
  email,
  optional,
  password,
  phone,
  queriesParam,
  readListParams,
  readParams,
  text,
  uid,
} from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { accountDb, type AccountDeps } from '../context.js';
import { requestContext } from '../route-helpers.js';
import { userLogs } from '../profile/routes-logs-identities.js';
import { deleteAllSessions, deleteSession, listSessions } from '../sessions/sessions.js';
import { listUsers } from './user-list.js';
import { requireAdminScope, userAnswer } from './user-answer.js';
import { toUserModel } from './user-model.js';
import { insertUser, publishUserEvent, requireUser } from './users.js';

export const usersRead = { scope: 'users.read' } as const;
export const usersWrite = { scope: 'users.write' } as const;

/** The user a path names, or 404 user_not_found. */
export async function pathUser(deps: AccountDeps, req: FastifyRequest) {
  const { userId } = readParams(req.params, { userId: uid() });
  return requireUser(deps, userId);
}

/**
 * The users API of 1.4's server side (docs/protocol.md §3.3), for API keys with `users.read` /
 * `users.write`: list, read, create, delete users, their preferences, sessions and logs.
 * Changes to one user's fields: routes-users-update.ts; users from imported hashes:
 * routes-users-import.ts.
 */
export function registerUsersRoutes(api: FastifyInstance, deps: AccountDeps): void {
  api.get('/users', { config: usersRead }, async (req) => {
    const p = readListParams(input(req));
    const { total, rows } = await listUsers(deps, p.queries, p.search);
    return { total, users: rows.map(toUserModel) };
  });

  api.post('/users', { config: usersWrite }, async (req, reply) => {
    const p = readParams(input(req), {
      userId: customId(),
      email: optional(email(), null),
      phone: optional(phone(), null),
      password: optional(password(), null),
      name: optional(text(128, 0), ''),
    });
    const created = await insertUser(
      deps,
      { id: p.userId, email: p.email, phone: p.phone, password: p.password, name: p.name },
      requestContext(req),
    );
    const model = toUserModel(await requireUser(deps, created.$id));
    return reply.code(201).send(userAnswer(req, model, ['name', 'email', 'phone']));
  });

  api.get('/users/:userId', { config: usersRead }, async (req) =>
    toUserModel(await pathUser(deps, req)),
  );

  api.delete('/users/:userId', { config: usersWrite }, async (req, reply) => {
    const user = await pathUser(deps, req);
    requireAdminScope(deps, req, toUserModel(user).labels);
    const db = accountDb(deps);
    // Sessions, tokens and identities go with the user (foreign keys); so does its log.
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    await db.deleteFrom('account_logs').where('user_id', '=', user.id).execute();
    publishUserEvent(deps, 'users.[userId].delete', { userId: user.id }, toUserModel(user));
    return reply.code(204).send();
  });

  api.get('/users/:userId/prefs', { config: usersRead }, async (req) => {
    return toUserModel(await pathUser(deps, req)).prefs;
  });

  api.get('/users/:userId/logs', { config: usersRead }, async (req) => {
    const p = readParams(input(req), { queries: queriesParam });
    return userLogs(deps, await pathUser(deps, req), p.queries);
  });

  api.get('/users/:userId/sessions', { config: usersRead }, async (req) => {
    const user = await pathUser(deps, req);
    return listSessions(deps, user.id, null);
  });

  api.delete('/users/:userId/sessions', { config: usersWrite }, async (req, reply) => {
    const user = await pathUser(deps, req);
    requireAdminScope(deps, req, toUserModel(user).labels);
    await deleteAllSessions(deps, user.id, null, requestContext(req));
    return reply.code(204).send();
  });

  api.delete('/users/:userId/sessions/:sessionId', { config: usersWrite }, async (req, reply) => {
    const user = await pathUser(deps, req);
    requireAdminScope(deps, req, toUserModel(user).labels);
    const { sessionId } = readParams(req.params, { sessionId: uid() });
    await deleteSession(deps, user.id, sessionId, null, requestContext(req));
    return reply.code(204).send();
  });
}
