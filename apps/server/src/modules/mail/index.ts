import type { Executor } from '../../db/database.js';
import { uniqueId } from '../../tools/ids.js';
import { perTurnWrites } from '../../tools/per-turn.js';
import { atMost } from '../../tools/at-most.js';
import { loopLoad } from '../../tools/loop-load.js';
import type { Delivered, Mailer, MailMessage } from '../../tools/mailer.js';
import type { BackendModule } from '../module.js';
import { mailMigrations } from './migrations.js';
import {
  forget,
  insertRows,
  insertRowsIn,
  insertRowsWith,
  markFailedAttempt,
  markSent,
  newRow,
  problemRows,
  requeue,
  type OutboxRow,
} from './outbox.js';
import { DELIVERIES_AT_ONCE, queueRuns } from './queue-runs.js';
import type { MailDeps } from './deps.js';
import { limited, recipientGate, type HeldMessage } from './recipients.js';

export type { RetryPolicy } from './outbox.js';
export type { HeldMessage } from './recipients.js';
export type { MailDeps, RecipientLimits } from './deps.js';

/** A message that has failed at least once and is not delivered (the owner's list). */
export interface MailProblem {
  id: string;
  createdAt: string;
  kind: string;
  to: string;
  subject: string;
  /** retrying: it will be tried again at `nextAttemptAt`; failed: given up on. */
  status: 'retrying' | 'failed';
  attempts: number;
  lastError: string;
  nextAttemptAt: string | null;
}

/** What happened to a message that has had a problem: still one, or delivered after all. */
export type MailChange = MailProblem | { id: string; status: 'sent' };

export interface MailService extends Mailer {
  /** Messages retrying or given up on, newest first. */
  problems(limit?: number): Promise<MailProblem[]>;
  /** A fresh round of attempts for a message not delivered; false when there is none. */
  retry(id: string): Promise<boolean>;
  /** The owner has dealt with a message not delivered: it is neither retried nor listed. */
  dismiss(id: string): Promise<boolean>;
  /** Told of every change to a message that has had a problem. Returns the unsubscribe. */
  onChange(listener: (change: MailChange) => void): () => void;
  /** Told of every message the recipient's limits held back (the shop counts them). */
  onHeld(listener: (held: HeldMessage) => void): () => void;
  /** Attempts every due message now (the worker does this every few seconds). */
  flush(): Promise<void>;
  /**
   * Keeps `messages` in the queue through `k`, the executor of the caller's own transaction, so
   * they are kept exactly when its writes commit. The returned function, run once it has
   * committed, starts their delivery and resolves when their first attempts have ended (for
   * messages a busy process left waiting: when its queue run has taken them, or after a quarter
   * of a lease, as another process's may have); a process that stops first leaves them to the
   * queue. Messages the recipient's limits hold back are counted through `k` and left out.
   */
  keepWith(k: Executor, messages: MailMessage[]): Promise<() => Promise<void>>;
  /** Resolves once the deliveries under way (and a queue run) have ended. */
  idle(): Promise<void>;
}

/** How long `send` waits for the first attempt before answering "queued" (it goes on after). */
const FIRST_ATTEMPT_WAIT_MS = 3000;
/**
 * Messages this process holds for their first attempt at most. Beyond that (a rush of orders
 * outrunning the mail server, or the machine), new ones are kept unclaimed and go out with the
 * queue's next run: they wait in the database, not in the process's memory, and their delivery
 * (about a millisecond of CPU each, more for a new file in DATA_DIR/outbox) does not take the
 * machine from the orders that are still coming in.
 */
const HELD_AT_MOST = 32;

const toProblem = (row: OutboxRow): MailProblem => ({
  id: row.id,
  createdAt: row.created_at,
  kind: row.kind,
  to: row.recipient,
  subject: row.subject,
  status: row.status === 'failed' ? 'failed' : 'retrying',
  attempts: Number(row.attempts),
  lastError: row.last_error ?? '',
  nextAttemptAt: row.status === 'failed' ? null : row.next_attempt_at,
});

const messageOf = (row: OutboxRow): MailMessage => ({
  to: row.recipient,
  subject: row.subject,
  text: row.body_text,
  ...(row.body_html ? { html: row.body_html } : {}),
});

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)) || 'unknown error';

/**
 * One delivery attempt of a row this process holds; never throws. An SMTP server is not sent more
 * connections than it will take; marking messages sent is not held back by it, and goes many to
 * a statement (on PostgreSQL each statement of its own was a commit).
 */
function attempter(deps: MailDeps, tell: (change: MailChange) => void) {
  const { db, clock, transport, policy, log } = deps;
  const sent = perTurnWrites<string>((ids) => markSent(db, ids, clock.now()));
  const delivering = atMost(DELIVERIES_AT_ONCE);
  return async function attempt(row: OutboxRow): Promise<Delivered> {
    try {
      const result = await delivering(() => transport.deliver(messageOf(row)));
      await sent(row.id);
      if (Number(row.attempts) > 1 || row.last_error) tell({ id: row.id, status: 'sent' });
      return result.delivered;
    } catch (e) {
      const failed = await markFailedAttempt(db, row, errorText(e), clock.now(), policy);
      log(
        { to: row.recipient, kind: row.kind, attempts: failed.attempts, status: failed.status },
        failed.status === 'failed' ? 'e-mail given up on' : 'e-mail delivery failed, will retry',
      );
      tell(toProblem(failed));
      return 'queued';
    }
  };
}

/** Messages a busy process left to its queue runs, and who waits for their first attempt. */
function queueWaits(leaseSeconds: number) {
  const awaited = new Map<string, () => void>();
  return {
    attempted(id: string) {
      awaited.get(id)?.();
      awaited.delete(id);
    },
    /** Until this process's queue runs have attempted `ids`, or another process may have. */
    async until(ids: string[]) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(ids.map((id) => new Promise<void>((done) => awaited.set(id, done)))),
        new Promise<void>((done) => (timer = setTimeout(done, leaseSeconds * 250).unref())),
      ]);
      clearTimeout(timer);
      for (const id of ids) awaited.delete(id);
    },
  };
}

function createMailService(deps: MailDeps) {
  const { db, clock, policy } = deps;
  const busy = deps.busy ?? (() => false);
  const listeners = new Set<(change: MailChange) => void>();
  // A busy hour's messages are kept many to a statement: on PostgreSQL each statement of its
  // own was a commit.
  const keep = perTurnWrites<OutboxRow>((rows) => insertRows(db, rows));
  const inFlight = new Set<Promise<unknown>>();
  const tell = (change: MailChange) => {
    for (const listener of listeners) listener(change);
  };

  const attempt = attempter(deps, tell);
  const { admitted, onHeld, admitOne } = recipientGate(deps);
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };

  const waits = queueWaits(policy.leaseSeconds);
  const queue = queueRuns(deps, busy, (row) =>
    track(attempt(row)).finally(() => waits.attempted(row.id)),
  );

  const service: MailService = {
    async keepWith(k, all) {
      const messages = all.some(limited) ? await admitted(k, all) : all;
      if (messages.length === 0) return async () => undefined;
      const now = clock.now();
      const claimed = !busy() && inFlight.size + messages.length <= HELD_AT_MOST;
      const rows = messages.map((m) => newRow(uniqueId(now), m, now, policy, claimed));
      await insertRowsWith(k, rows);
      return async () => {
        if (claimed) return void (await Promise.all(rows.map((row) => track(attempt(row)))));
        queue.soon();
        await waits.until(rows.map((row) => row.id));
      };
    },
    async idle() {
      while (inFlight.size > 0 || queue.running()) {
        await Promise.allSettled([...inFlight, queue.running()]);
      }
    },
    async send(message) {
      const id = uniqueId(clock.now());
      let row = newRow(id, message, clock.now(), policy);
      if (!limited(message)) await keep(row);
      else {
        const kept = await db.write(async (k) => {
          const [m] = await admitted(k, [message]);
          if (m) await insertRowsIn(k, [(row = newRow(id, m, clock.now(), policy))]);
          return Boolean(m);
        });
        if (!kept) return { delivered: 'held', id };
      }
      const first = track(attempt(row));
      const waited = await Promise.race([
        first,
        new Promise<null>((ok) => setTimeout(() => ok(null), FIRST_ATTEMPT_WAIT_MS).unref()),
      ]);
      return { delivered: waited ?? 'queued', id };
    },
    async problems(limit = 50) {
      return (await problemRows(db, limit)).map(toProblem);
    },
    async retry(id) {
      const row = await requeue(db, id, clock.now());
      if (!row) return false;
      tell(toProblem(row));
      void service.flush();
      return true;
    },
    dismiss: (id) => forget(db, id),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onHeld,
    admit: admitOne,
    flush: queue.flush,
  };
  return { service, idle: service.idle };
}

/**
 * E-mail that is not lost (README, "Mail is not lost"): every message is kept in the
 * `mail_outbox` table before it is sent, and one that fails is retried with a doubling wait
 * until it is delivered, given up on, or its link has expired. Several server processes may
 * share the table: each message is taken by one of them at a time.
 */
export const mailModule: BackendModule<MailDeps & { pollSeconds: number }, MailService> = {
  name: 'mail',
  migrations: mailMigrations,
  async create(deps) {
    const load = deps.busy ? null : loopLoad();
    const { service, idle } = createMailService({ ...deps, busy: deps.busy ?? load!.busy });
    const timer = setInterval(() => void service.flush(), deps.pollSeconds * 1000);
    timer.unref();
    // Whatever an earlier run left waiting goes out now.
    void service.flush();
    return {
      service,
      routes: async () => undefined,
      async close() {
        clearInterval(timer);
        load?.stop();
        await idle();
        deps.transport.close();
      },
    };
  },
};
