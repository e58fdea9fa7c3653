import type { MailMessage } from '../tools/mailer.js';
import type { ShopContext } from './context.js';

/**
 * The shop's e-mails after a commit, one after another (order confirmations, the owner's notice,
 * welcome codes): a failure is logged and never stops the next; `idle` waits for all queued.
 */
export function mailLine(shop: ShopContext) {
  let line: Promise<unknown> = Promise.resolve();
  const sendAll = async (messages: MailMessage[]) => {
    for (const message of messages) {
      await shop.mailer
        .send(message)
        .catch((err: unknown) =>
          shop.log.error({ err, to: message.to, kind: message.kind }, 'e-mail failed'),
        );
    }
  };
  return {
    /** Queues the messages `build` makes once the ones before have gone. */
    later(build: () => MailMessage[] | Promise<MailMessage[]>) {
      const run = async () => sendAll(await build());
      line = line.then(run, run).catch((err: unknown) => {
        shop.log.error({ err }, 'e-mail could not be written');
      });
    },
    idle: () => line,
  };
}
