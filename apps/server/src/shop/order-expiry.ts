import type { ShopContext } from './context.js';
import { releaseStock } from './order-rules.js';
import { returnCode } from './discount-codes.js';
import { forgetClient, holdLimits } from './order-holds.js';
import type { StatsCounters } from './stats.js';
import { Q } from '../protocol/query-builder.js';
import { toIso } from '../tools/dates.js';

/** Orders expired in one transaction; the rest follow in the next. */
const BATCH = 50;

/**
 * Pending orders the shop never confirmed expire after the hold window (the owner's setting
 * `pending_hold_hours`, else PENDING_ORDER_HOURS, 48 by default): each
 * goes, its pairs come back to stock (and its welcome code to the customer), the figures follow, all in one transaction, so a pair
 * nobody is paying for goes back on sale. A lock keeps two server processes from doing it twice.
 * Returns how many orders expired.
 */
export async function expirePendingOrders(
  shop: ShopContext,
  counters: StatsCounters,
  importedUntil: string | null = null,
): Promise<number> {
  // Orders imported from the old shop never expire (imported-orders.ts).
  const placedHere = importedUntil ? [Q.greaterThan('$createdAt', importedUntil)] : [];
  let expired = 0;
  for (;;) {
    const done = await shop.databases.transaction(shop.ids.database, async (docs) => {
      await docs.lock('order-expiry', 'exclusive');
      // The hours an unconfirmed order holds its pairs: the owner's setting, else the start's.
      const { holdHours } = await holdLimits(shop, docs);
      const cutoff = toIso(new Date(shop.clock.now().getTime() - holdHours * 3600_000));
      const page = await docs.list(shop.ids.orders, [
        Q.equal('order_status', ['pending']),
        Q.lessThan('$createdAt', cutoff),
        ...placedHere,
        Q.limit(BATCH),
      ]);
      for (const order of page.documents) {
        const changes = await releaseStock(shop, docs, order);
        await returnCode(shop, docs, order);
        await forgetClient(shop, docs, order.$id);
        if (changes.length > 0) await counters.productsChanged(docs, changes);
        await counters.orderRemoved(docs, order);
        await docs.delete(shop.ids.orders, order.$id);
      }
      return page.documents.length;
    });
    expired += done;
    if (done < BATCH) return expired;
  }
}
