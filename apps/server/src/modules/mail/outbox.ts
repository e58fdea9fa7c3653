import type { Kysely, Selectable } from 'kysely';
import { runUnanswered, type Database, type Executor } from '../../db/database.js';
import { toIso as iso } from '../../tools/dates.js';
import type { MailMessage } from '../../tools/mailer.js';
import type { MailTables, MailOutboxTable } from './tables.js';

/** The outbox's rows, on either database (the SQL side of the mail module; no delivery here). */
export type OutboxRow = Selectable<MailOutboxTable>;

const tables = (k: Executor): Kysely<MailTables> =>
  k.withTables<MailTables>() as unknown as Kysely<MailTables>;

export const tablesOf = (db: Database): Kysely<MailTables> => tables(db.kysely);

/** How often and how long a message is retried (README, "Mail is not lost"). */
export interface RetryPolicy {
  /** The wait after the first failure; it doubles after each one, up to `capSeconds`. */
  baseSeconds: number;
  capSeconds: number;
  maxAttempts: number;
  /** How long one process may hold a message it is delivering before others may try it. */
  leaseSeconds: number;
}

export function backoffSeconds(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.baseSeconds * 2 ** Math.max(0, attempts - 1), policy.capSeconds);
}

/**
 * A new message's row: claimed by this process for its first attempt, or (`claimed` false)
 * waiting, due now, for whichever process runs the queue next.
 */
export function newRow(
  id: string,
  message: MailMessage,
  now: Date,
  policy: RetryPolicy,
  claimed = true,
): OutboxRow {
  const row: OutboxRow = {
    id,
    created_at: iso(now),
    kind: message.kind ?? '',
    recipient: message.to,
    subject: message.subject,
    body_text: message.text,
    body_html: message.html ?? null,
    status: 'queued',
    attempts: 1,
    next_attempt_at: iso(now),
    lease_until: iso(new Date(now.getTime() + policy.leaseSeconds * 1000)),
    expires_at: message.expiresAt ? iso(message.expiresAt) : null,
    last_error: null,
    sent_at: null,
  };
  return claimed ? row : { ...row, attempts: 0, lease_until: null };
}

/**
 * Keeps new messages, in one statement. On PostgreSQL it commits by itself; on SQLite it joins
 * the shared commit of the writes waiting with it (a commit of its own cost as much as all of an
 * order's statements).
 */
export async function insertRows(db: Database, rows: OutboxRow[]): Promise<void> {
  await db.writeOne((k) => tables(k).insertInto('mail_outbox').values(rows).execute());
}

/**
 * Keeps new messages through `k`, a transaction of the caller's: they commit with its writes.
 * Nothing reads the insert's answer, so a PostgreSQL transaction does not wait for it.
 */
export async function insertRowsWith(k: Executor, rows: OutboxRow[]): Promise<void> {
  await runUnanswered(k, (t) => tables(t).insertInto('mail_outbox').values(rows).execute());
}

/** Keeps new messages through `k` now, in one statement (a transaction that reads on after). */
export async function insertRowsIn(k: Executor, rows: OutboxRow[]): Promise<void> {
  await tables(k).insertInto('mail_outbox').values(rows).execute();
}

/** Messages waiting whose time has come and that no process holds, oldest first. */
export async function dueIds(db: Database, now: Date, limit: number): Promise<string[]> {
  const at = iso(now);
  const rows = await tablesOf(db)
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes due messages for this process: one conditional UPDATE, so of several processes polling
 * the same database exactly one wins each. Returns the rows it won, as claimed (RETURNING, no
 * second read); on SQLite it joins the shared commit of the writes waiting with it.
 */
export async function claim(
  db: Database,
  ids: readonly string[],
  now: Date,
  policy: RetryPolicy,
): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  const at = iso(now);
  const lease = iso(new Date(now.getTime() + policy.leaseSeconds * 1000));
  return db.writeOne((k) =>
    tables(k)
      .updateTable('mail_outbox')
      .set((eb) => ({ lease_until: lease, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
      .returningAll()
      .execute(),
  );
}

/**
 * Delivered: the body goes at once (a sign-in or reset link in it is a secret the database keeps
 * no longer than it must); what was sent to whom, and when, stays a week.
 */
export async function markSent(db: Database, ids: string[], now: Date): Promise<void> {
  await db.writeOne((k) =>
    tables(k)
      .updateTable('mail_outbox')
      .set({
        status: 'sent',
        sent_at: iso(now),
        lease_until: null,
        last_error: null,
        body_text: '',
        body_html: null,
      })
      .where('id', 'in', ids)
      .execute(),
  );
}

/**
 * After a failed attempt: waiting again, for twice as long as last time, or given up on after
 * the last attempt or when the message would arrive after its link expired.
 */
export async function markFailedAttempt(
  db: Database,
  row: OutboxRow,
  error: string,
  now: Date,
  policy: RetryPolicy,
): Promise<OutboxRow> {
  const next = new Date(now.getTime() + backoffSeconds(policy, row.attempts) * 1000);
  const expired = row.expires_at !== null && row.expires_at <= iso(next);
  const giveUp = row.attempts >= policy.maxAttempts || expired;
  const last_error = expired ? `${error} (not retried: the link in it expires first)` : error;
  const patch = {
    status: giveUp ? ('failed' as const) : ('queued' as const),
    next_attempt_at: iso(next),
    lease_until: null,
    last_error: last_error.slice(0, 500),
  };
  await tablesOf(db).updateTable('mail_outbox').set(patch).where('id', '=', row.id).execute();
  return { ...row, ...patch };
}

/** Messages that have failed at least once and are not delivered: retrying or given up. */
export async function problemRows(db: Database, limit: number): Promise<OutboxRow[]> {
  return tablesOf(db)
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'queued'), eb('last_error', 'is not', null)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Puts a message that is not delivered back in the queue for a fresh round of attempts. */
export async function requeue(db: Database, id: string, now: Date): Promise<OutboxRow | null> {
  const k = tablesOf(db);
  const result = await k
    .updateTable('mail_outbox')
    .set({ status: 'queued', attempts: 0, next_attempt_at: iso(now), lease_until: null })
    .where('id', '=', id)
    .where('status', '!=', 'sent')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return (await k.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst())!;
}

/** Delivered messages older than `before` are forgotten (the outbox is a queue, not an archive). */
export async function pruneSent(db: Database, before: Date): Promise<void> {
  await tablesOf(db)
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', iso(before))
    .execute();
}

/** The owner has dealt with a message that was not delivered: it leaves the queue. */
export async function forget(db: Database, id: string): Promise<boolean> {
  const result = await tablesOf(db)
    .deleteFrom('mail_outbox')
    .where('id', '=', id)
    .where('status', '!=', 'sent')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
