import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import { toIso as iso } from '../../tools/dates.js';
import type { MailMessage } from '../../tools/mailer.js';
import { recipientKey } from '../../tools/recipient-key.js';
import { together } from '../../db/together.js';
import type { MailDeps, RecipientLimits } from './deps.js';
import type { MailTables, RecipientSpan } from './tables.js';

/**
 * Messages to one address or number (docs/limits.md): anything a stranger can make the shop send
 * by typing an address or a number (a subscription, a sign-in link, a code) is counted per
 * recipient and kind, and past the operator's limits it is held back: not queued, not sent, and
 * the request answers exactly as if it had been. Counting and queueing share one transaction.
 */

/** A message the recipient's limits held back: what it was and to whom, when. */
export interface HeldMessage {
  kind: string;
  to: string;
  at: Date;
}

/** What became of one message: queued, held back by the limits, or a once-only one repeated. */
export type Verdict = 'queued' | 'held' | 'repeat';

/** Counts of windows older than this go (the day's is the longest that matters). */
const KEEP_COUNTS_MS = 2 * 86_400_000;

const tables = (k: Executor): Kysely<MailTables> =>
  k.withTables<MailTables>() as unknown as Kysely<MailTables>;

const hourStart = (now: Date) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
const dayStart = (now: Date) => new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);

interface Row {
  key: string;
  kind: string;
  span: RecipientSpan;
  since: string;
}

const where = (k: Executor, r: Row) =>
  tables(k)
    .updateTable('mail_recipient_counts')
    .where('recipient_key', '=', r.key)
    .where('kind', '=', r.kind)
    .where('span', '=', r.span)
    .where('since', '=', r.since);

/** One more in the window, unless it holds `max` already: false then (one statement, atomic). */
async function bump(k: Executor, r: Row, max: number): Promise<boolean> {
  const done = await tables(k)
    .insertInto('mail_recipient_counts')
    .values({ recipient_key: r.key, kind: r.kind, span: r.span, since: r.since, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['recipient_key', 'kind', 'span', 'since'])
        .doUpdateSet((eb) => ({ count: eb('mail_recipient_counts.count', '+', 1) }))
        .where('mail_recipient_counts.count', '<', max),
    )
    .returning('count')
    .executeTakeFirst();
  return done !== undefined;
}

/**
 * Whether `message` may be queued now, counted through `k` (the transaction that queues it).
 * Messages that ask for no limit are always queued; a once-only one whose recipient has had it
 * is a repeat; the others count against the hour's and the day's limits.
 */
export async function admit(
  k: Executor,
  message: Pick<MailMessage, 'to' | 'kind' | 'limited' | 'once'>,
  now: Date,
  limits: RecipientLimits,
): Promise<Verdict> {
  if (!message.limited && !message.once) return 'queued';
  const key = recipientKey(message.to);
  const kind = message.kind ?? '';
  const ever: Row = { key, kind, span: 'ever', since: '' };
  if (message.once && !(await bump(k, ever, 1))) return 'repeat';
  if (!message.limited) return 'queued';
  const day: Row = { key, kind, span: 'day', since: iso(dayStart(now)) };
  const hour: Row = { key, kind, span: 'hour', since: iso(hourStart(now)) };
  // Both windows counted at once (on PostgreSQL one round trip); when one is full, what the
  // other counted is taken off again, so a held message counts in neither.
  const [inDay, inHour] = await together([
    bump(k, day, limits.perDay),
    bump(k, hour, limits.perHour),
  ]);
  if (inDay && inHour) return 'queued';
  const undo = (r: Row) =>
    where(k, r)
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .execute();
  await together([inDay && undo(day), inHour && undo(hour)]);
  // Held back: a once-only message may still go in a later hour.
  if (message.once) await where(k, ever).set({ count: 0 }).execute();
  return 'held';
}

/** Counts of hours and days long past are forgotten (the once-only marks stay). */
export async function pruneCounts(db: Database, now: Date): Promise<void> {
  await tables(db.kysely)
    .deleteFrom('mail_recipient_counts')
    .where('span', '!=', 'ever')
    .where('since', '<', iso(new Date(now.getTime() - KEEP_COUNTS_MS)))
    .execute();
}

export const limited = (m: MailMessage) => Boolean(m.limited || m.once);

/** The limits per recipient (recipients.ts), and who is told of the messages they hold back. */
export function recipientGate(deps: MailDeps) {
  const listeners = new Set<(held: HeldMessage) => void>();
  /** One message's verdict; a repeat of a once-only message may go in its other words. */
  const judged = async (k: Executor, message: MailMessage, now: Date) => {
    const verdict = await admit(k, message, now, deps.limits);
    if (verdict !== 'repeat' || !message.otherwise) return { m: message, verdict };
    const m = {
      to: message.to,
      kind: message.kind ?? '',
      limited: message.limited ?? false,
      ...message.otherwise,
    };
    return { m, verdict: await admit(k, m, now, deps.limits) };
  };
  /**
   * The messages `k` may queue now, counted through it; the others are told of as held. The
   * messages are counted side by side (on PostgreSQL their counts travel together), each
   * against its own recipient.
   */
  const admitted = async (k: Executor, messages: MailMessage[]) => {
    const now = deps.clock.now();
    const out: MailMessage[] = [];
    for (const { m, verdict } of await together(messages.map((x) => judged(k, x, now)))) {
      if (verdict === 'queued') out.push(m);
      else if (verdict === 'held') {
        deps.log({ to: m.to, kind: m.kind }, 'message held back: the recipient has had enough');
        for (const listener of listeners) listener({ kind: m.kind ?? '', to: m.to, at: now });
      }
    }
    return out;
  };
  const onHeld = (listener: (held: HeldMessage) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const admitOne = async (to: string, kind: string) => {
    const message = { to, kind, subject: '', text: '', limited: true };
    return (await deps.db.write((k) => admitted(k, [message]))).length > 0;
  };
  return { admitted, onHeld, admitOne };
}
