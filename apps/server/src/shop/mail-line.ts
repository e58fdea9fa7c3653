import type { MailMessage } from '../tools/mailer.js';
import type { ShopContext } from './context.js';

/**
 * Messages of different orders on their way at once. One at a time, a busy hour's confirmations
 * fell further behind with every order (each waits for its delivery and two writes); a few at
 * once keep up, and an SMTP server is not sent more connections than it will take.
 */
const AT_ONCE = 4;

interface Queued {
  about: string;
  run: () => Promise<void>;
}

/**
 * The shop's e-mails made after a commit (an order's new status, welcome codes), started in the
 * order they came: the messages of one `later` go one after another, and so do the `later`s
 * about one thing, after what was sent about it `alongside` (an order's confirmation, kept with
 * the order, before its cancellation); the rest go side by side. A failure is logged and never
 * stops the next; `idle` waits for all queued.
 */
export function mailLine(shop: ShopContext) {
  const waiting: Queued[] = [];
  /** What the messages on their way are about. */
  const busy = new Set<string>();
  /** What messages sent outside the line are about (an order's, kept with the order). */
  const elsewhere = new Map<string, number>();
  let running = 0;
  let settled: (() => void)[] = [];

  const sendAll = async (messages: MailMessage[]) => {
    for (const message of messages) {
      await shop.mailer
        .send(message)
        .catch((err: unknown) =>
          shop.log.error({ err, to: message.to, kind: message.kind }, 'e-mail failed'),
        );
    }
  };
  const next = () => {
    for (let i = 0; running < AT_ONCE && i < waiting.length;) {
      const { about, run } = waiting[i]!;
      if (about && (busy.has(about) || elsewhere.has(about))) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      running++;
      if (about) busy.add(about);
      void run()
        .catch((err: unknown) => shop.log.error({ err }, 'e-mail could not be written'))
        .finally(() => {
          running--;
          busy.delete(about);
          next();
        });
    }
    if (running === 0 && waiting.length === 0 && elsewhere.size === 0) {
      for (const done of settled) done();
      settled = [];
    }
  };
  return {
    /**
     * Queues the messages `build` makes; `about` (an order's id) keeps the news of one thing in
     * order.
     */
    later(build: () => MailMessage[] | Promise<MailMessage[]>, about = '') {
      waiting.push({ about, run: async () => sendAll(await build()) });
      next();
    },
    /**
     * Messages about `about` already on their way outside the line: the line's next news about
     * it waits until `sending` has settled (an order's confirmation before its cancellation).
     */
    alongside(about: string, sending: Promise<unknown>) {
      elsewhere.set(about, (elsewhere.get(about) ?? 0) + 1);
      void sending
        .catch((err: unknown) => shop.log.error({ err }, 'e-mail could not be sent'))
        .finally(() => {
          const left = elsewhere.get(about)! - 1;
          if (left > 0) elsewhere.set(about, left);
          else elsewhere.delete(about);
          next();
        });
    },
    idle: () =>
      running === 0 && waiting.length === 0 && elsewhere.size === 0
        ? Promise.resolve()
        : new Promise<void>((done) => settled.push(done)),
  };
}
