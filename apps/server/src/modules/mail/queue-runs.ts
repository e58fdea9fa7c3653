import type { OutboxRow } from './outbox.js';
import { claim, dueIds, pruneSent } from './outbox.js';
import { pruneCounts } from './recipients.js';
import type { MailDeps } from './deps.js';

/** Deliveries (SMTP connections) on their way at once. */
export const DELIVERIES_AT_ONCE = 4;
/** Delivered messages are kept this long, then pruned. */
const KEEP_SENT_DAYS = 7;
/**
 * Messages a queue run delivers at most while the process is busy; the next run is a second
 * later, so a busy process still sends about 20 a second.
 */
const BUSY_RUN = 20;
const BUSY_PAUSE_MS = 1000;

/**
 * The queue's runs: every due message that no process holds, taken a few at a time (of
 * several processes on one database, one takes each). While the process is busy a run delivers a few,
 * and the next comes a moment later.
 */
export function queueRuns(
  deps: MailDeps,
  busy: () => boolean,
  deliver: (row: OutboxRow) => Promise<unknown>,
) {
  const { db, clock, policy, log } = deps;
  let flushing: Promise<void> | null = null;
  let again = false;
  /** A run a moment from now (one at a time), for messages left waiting while busy. */
  let later: Promise<void> | null = null;
  const soon = () => {
    later ??= new Promise<void>((done) => setTimeout(done, BUSY_PAUSE_MS)).then(() => {
      later = null;
      return flush();
    });
  };
  async function runDue() {
    let room = busy() ? BUSY_RUN : Infinity;
    while (room > 0) {
      const ids = await dueIds(db, clock.now(), Math.min(20, room));
      if (ids.length === 0) break;
      room -= ids.length;
      let took = 0;
      // A few at a time, claimed in one statement and attempted side by side: each attempt
      // ends (SMTP's timeouts) well within the lease the claim took.
      for (let i = 0; i < ids.length; i += DELIVERIES_AT_ONCE) {
        const rows = await claim(db, ids.slice(i, i + DELIVERIES_AT_ONCE), clock.now(), policy);
        took += rows.length;
        await Promise.all(rows.map(deliver));
      }
      if (took === 0) break;
    }
    if (room <= 0) soon();
    await pruneSent(db, new Date(clock.now().getTime() - KEEP_SENT_DAYS * 86_400_000));
    await pruneCounts(db, clock.now());
  }
  function flush(): Promise<void> {
    // A flush asked for while one runs is one more round after it (new messages may be due).
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        again = false;
        await runDue().catch((err: unknown) => log({ err }, 'e-mail queue run failed'));
      } while (again);
    })().finally(() => (flushing = null));
    return flushing;
  }
  return { flush, soon, running: () => flushing ?? later };
}
