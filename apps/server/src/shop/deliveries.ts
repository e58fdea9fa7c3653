import type { ShopIds } from '@courtside/shop';
import { AppError } from '../protocol/errors.js';
import type { DatabasesService, DocumentHooks } from '../modules/databases/contract.js';
import type { MailChange, MailService } from '../modules/mail/index.js';
import type { ShopLog } from './context.js';
import { invalidDocument } from './errors.js';

/**
 * The owner's view of e-mails that did not go out (docs/shop.md, "E-mail deliveries"): the mail
 * queue (modules/mail) tells the shop of every message that fails, and the shop keeps one
 * document per such message in the `deliveries` collection, which only admins can read. The
 * dashboard lists them; "Send again" sets a failed one's status back to `retrying`, and deleting
 * one tells the queue to forget it. A message delivered after all disappears from the list.
 */
export function mirrorDeliveries(deps: {
  databases: DatabasesService;
  mail: Pick<MailService, 'onChange' | 'problems'>;
  ids: Readonly<Pick<ShopIds, 'database' | 'deliveries'>>;
  log: ShopLog;
}): { idle(): Promise<void>; resync(): Promise<void>; stop(): void } {
  const { databases, mail, ids, log } = deps;
  let queue: Promise<unknown> = Promise.resolve();

  const apply = (change: MailChange) =>
    databases.transaction(ids.database, async (docs) => {
      const existing = await docs.get(ids.deliveries, change.id);
      if (change.status === 'sent') {
        if (existing) await docs.delete(ids.deliveries, change.id);
        return;
      }
      const data = {
        to: change.to.slice(0, 320),
        subject: change.subject.slice(0, 300),
        kind: change.kind.slice(0, 40),
        status: change.status,
        attempts: Math.min(change.attempts, 1000),
        lastError: change.lastError.slice(0, 500),
        nextAttemptAt: change.nextAttemptAt,
      };
      if (existing) await docs.update(ids.deliveries, change.id, data);
      else await docs.create(ids.deliveries, change.id, data, []);
    });

  const enqueue = (change: MailChange) => {
    const run = () =>
      apply(change).catch((err: unknown) =>
        log.error({ err, id: change.id }, 'recording an e-mail delivery problem failed'),
      );
    queue = queue.then(run, run);
  };
  const stop = mail.onChange(enqueue);

  return {
    idle: async () => {
      await queue;
    },
    /** At start: every problem the queue knows of is listed (another process may have met it). */
    async resync() {
      for (const problem of await mail.problems(200)) enqueue(problem);
      await queue;
    },
    stop,
  };
}

const onlyRetry = () => {
  throw invalidDocument(
    'Invalid document structure: only the status can be changed, to "retrying" (send again).',
  );
};

/** What an admin may do to a listed delivery: send it again, or delete it (forgotten). */
export function deliveryHooks(mail: Pick<MailService, 'retry' | 'dismiss'>): DocumentHooks {
  return {
    beforeCreate: () => {
      throw new AppError('user_unauthorized', 'Deliveries are listed by the shop itself.');
    },
    beforeUpdate(_ctx, _current, patch) {
      const keys = Object.keys(patch.data);
      if (
        patch.permissions ||
        keys.some((k) => k !== 'status') ||
        patch.data.status !== 'retrying'
      ) {
        onlyRetry();
      }
      return { data: { status: 'retrying', nextAttemptAt: null }, permissions: null };
    },
    afterUpdate(ctx, before) {
      ctx.afterCommit(() => mail.retry(before.$id).then(() => undefined));
    },
    afterDelete(ctx, deleted) {
      ctx.afterCommit(() => mail.dismiss(deleted.$id).then(() => undefined));
    },
  };
}
