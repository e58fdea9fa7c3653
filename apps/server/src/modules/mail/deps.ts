import type { Database } from '../../db/database.js';
import type { Clock } from '../../tools/clock.js';
import type { MailTransport } from '../../tools/mailer.js';
import type { RetryPolicy } from './outbox.js';

/** What the mail module is built from (its rooms read it; index.ts builds the service). */
export interface MailDeps {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  policy: RetryPolicy;
  /** Messages to one address or number (RECIPIENT_MESSAGES_PER_HOUR, _PER_DAY). */
  limits: RecipientLimits;
  log: (info: Record<string, unknown>, message: string) => void;
  /**
   * Whether the process is busy with requests (tools/loop-load.ts by default): an order's
   * e-mails then wait in the queue rather than taking the CPU from the orders.
   */
  busy?: () => boolean;
}

/** Messages to one address or number, past which they are held back (docs/limits.md). */
export interface RecipientLimits {
  /** Messages of one kind to one recipient in one clock hour (RECIPIENT_MESSAGES_PER_HOUR). */
  perHour: number;
  /** And in one UTC day (RECIPIENT_MESSAGES_PER_DAY). */
  perDay: number;
}
