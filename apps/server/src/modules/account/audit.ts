import { toIso } from '../../tools/dates.js';
import { accountDb, type AccountDeps, type RequestContext } from './context.js';

/** Audit events of docs/protocol.md §3.0 (GET /account/logs): who did what, from where, when. */
export type AuditEvent =
  | 'user.create'
  | 'user.update'
  | 'session.create'
  | 'session.update'
  | 'session.delete'
  | 'recovery.create'
  | 'recovery.update'
  | 'verification.create'
  | 'verification.update'
  | 'identity.delete';

/** The log entry of an event, as the account_logs table keeps it. */
export const auditRow = (
  deps: AccountDeps,
  userId: string,
  event: AuditEvent,
  ctx: RequestContext,
) => ({
  user_id: userId,
  event,
  ip: ctx.ip,
  user_agent: ctx.userAgent.slice(0, 512),
  time: toIso(deps.clock.now()),
});

export async function audit(
  deps: AccountDeps,
  userId: string,
  event: AuditEvent,
  ctx: RequestContext,
): Promise<void> {
  await accountDb(deps)
    .insertInto('account_logs')
    .values(auditRow(deps, userId, event, ctx))
    .execute();
}

/**
 * Whether the user signed in from this address since `since` (its `session.create` entries):
 * asked for every log-in, with an id that matches no one when the e-mail is unknown, so the
 * time taken is the same either way (login-guard.ts).
 */
export async function signedInFrom(
  deps: AccountDeps,
  userId: string,
  ip: string,
  since: Date,
): Promise<boolean> {
  const entry = await accountDb(deps)
    .selectFrom('account_logs')
    .select('seq')
    .where('user_id', '=', userId)
    .where('event', '=', 'session.create')
    .where('ip', '=', ip)
    .where('time', '>=', toIso(since))
    .limit(1)
    .executeTakeFirst();
  return entry !== undefined;
}
