import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../../../protocol/errors.js';
import { queriesParam, readParams, uid } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { readUserAgent } from '../../../tools/user-agent.js';
import { audit } from '../audit.js';
import { accountDb, type AccountDeps } from '../context.js';
import { parseListQueries } from '../users/list-queries.js';
import { me, requestContext } from '../route-helpers.js';
import type { IdentitiesTable, UsersTable } from '../tables.js';
import { publishUserItemEvent, requireUser } from '../users/users.js';

/** The Identity model of docs/protocol.md §4.6. */
export const toIdentityModel = (i: IdentitiesTable) => ({
  $id: i.id,
  $createdAt: i.created_at,
  $updatedAt: i.updated_at,
  userId: i.user_id,
  provider: i.provider,
  providerUid: i.provider_uid,
  providerEmail: i.provider_email,
  providerAccessToken: i.provider_access_token,
  providerAccessTokenExpiry: i.provider_access_token_expiry,
  providerRefreshToken: i.provider_refresh_token,
});

const IDENTITY_COLUMNS = {
  $id: 'id',
  provider: 'provider',
  providerUid: 'provider_uid',
  providerEmail: 'provider_email',
} as const;

/** A user's log (docs/protocol.md §4.7), newest first: GET /account/logs and /users/{id}/logs. */
export async function userLogs(
  deps: AccountDeps,
  user: UsersTable,
  queries: readonly string[] | undefined,
) {
  const q = parseListQueries(queries, { defaultLimit: 5000, methods: ['limit', 'offset'] });
  const db = accountDb(deps);
  const { total } = await db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('account_logs')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('seq', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return {
    total: Number(total),
    logs: rows.map((r) => ({
      event: r.event,
      userId: r.user_id,
      userEmail: user.email ?? '',
      userName: user.name,
      mode: 'default',
      ip: r.ip,
      time: r.time,
      ...readUserAgent(r.user_agent),
      countryCode: '--',
      countryName: 'Unknown',
    })),
  };
}

/** The account's own history and linked sign-in providers (docs/protocol.md §3.0, 4.6, 4.7). */
export function registerLogsAndIdentitiesRoutes(api: FastifyInstance, deps: AccountDeps): void {
  const account = { scope: 'account' as const };
  api.get('/account/logs', { config: account }, async (req) => {
    const p = readParams(input(req), { queries: queriesParam });
    return userLogs(deps, await requireUser(deps, me(req)), p.queries);
  });

  api.get('/account/identities', { config: account }, async (req) => {
    const p = readParams(input(req), { queries: queriesParam });
    const q = parseListQueries(p.queries, {
      defaultLimit: 25,
      methods: ['limit', 'offset', 'equal'],
      equalAttributes: Object.keys(IDENTITY_COLUMNS),
    });
    let base = accountDb(deps).selectFrom('identities').where('user_id', '=', me(req));
    for (const [attribute, values] of q.equal) {
      const column = IDENTITY_COLUMNS[attribute as keyof typeof IDENTITY_COLUMNS];
      base = values.length ? base.where(column, 'in', values) : base.where(sql<boolean>`false`);
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    return { total: Math.min(Number(total), 5000), identities: rows.map(toIdentityModel) };
  });

  api.delete('/account/identities/:identityId', { config: account }, async (req, reply) => {
    const { identityId } = readParams(req.params, { identityId: uid() });
    const userId = me(req);
    const db = accountDb(deps);
    const row = await db
      .selectFrom('identities')
      .selectAll()
      .where('id', '=', identityId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new AppError('user_identity_not_found');
    await db.deleteFrom('identities').where('id', '=', row.id).execute();
    await audit(deps, userId, 'identity.delete', requestContext(req));
    publishUserItemEvent(deps, userId, 'identities', 'delete', toIdentityModel(row));
    return reply.code(204).send();
  });
}
