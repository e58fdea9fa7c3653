import type { StoredDocument } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import { shopSettings } from './order-holds.js';
import { Q } from '../protocol/query-builder.js';
import { toIso } from '../tools/dates.js';

/** How often pending cash-on-delivery orders are looked at for their reminder. */
export const CONFIRM_REMINDERS_EVERY_MS = 60_000;

/** Orders reminded in one transaction; the rest follow in the next. */
const BATCH = 50;

/**
 * One reminder (docs/shop.md, "The buyer confirms"): a cash-on-delivery order still pending
 * `confirm_reminder_hours` after it was placed (0: never), and not past its window, gets one SMS
 * with its confirmation link; `reminded_at` records it, in the same transaction, so no order is
 * reminded twice, also by two server processes (a lock). `remind` queues the SMS once the
 * transaction has committed. Returns how many orders were reminded.
 */
export async function remindUnconfirmed(
  shop: ShopContext,
  remind: (order: StoredDocument, hoursLeft: number) => void,
): Promise<number> {
  let reminded = 0;
  for (;;) {
    const done = await shop.databases.transaction(shop.ids.database, async (docs, afterCommit) => {
      await docs.lock('confirm-reminders', 'exclusive');
      const settings = await shopSettings(shop, docs);
      const after = settings.confirm_reminder_hours;
      const window = settings.confirm_hours;
      if (after === 0 || after >= window) return 0;
      const now = shop.clock.now().getTime();
      const at = (hours: number) => toIso(new Date(now - hours * 3600_000));
      const page = await docs.list(shop.ids.orders, [
        Q.equal('order_status', ['pending']),
        Q.equal('payment_type', ['COD']),
        Q.lessThanEqual('$createdAt', at(after)),
        Q.greaterThan('$createdAt', at(window)),
        Q.isNull('reminded_at'),
        // Orders placed before there were links have none to send.
        Q.isNotNull('confirm_key'),
        Q.limit(BATCH),
      ]);
      for (const listed of page.documents) {
        const order = await docs.get(shop.ids.orders, listed.$id, { forUpdate: true });
        if (!order || order.order_status !== 'pending' || order.reminded_at) continue;
        if (!order.confirm_key) continue;
        const updated = await docs.update(shop.ids.orders, order.$id, {
          reminded_at: toIso(new Date(now)),
        });
        const left = Math.ceil((Date.parse(order.$createdAt) + window * 3600_000 - now) / 3600_000);
        afterCommit(() => remind(updated, left));
      }
      return page.documents.length;
    });
    reminded += done;
    if (done < BATCH) return reminded;
  }
}
