import { dropTallies } from '../modules/databases/transactions/tallies.js';
import type { Database } from '../db/database.js';
import { readSetting, writeSetting } from '../db/settings.js';
import type { ShopContext } from './context.js';
import { catchUpKeptFields } from './kept-backfill.js';
import { markDemoSeeded } from './seed/once.js';
import type { StatsKeeper } from './stats-rebuild.js';

/**
 * Orders copied from the old shop (`npm run import`) were never placed here: their pairs were
 * never reserved in this shop's stock, and the old shop may have left some pending for good. So
 * the pending orders' expiry (order-expiry.ts) leaves alone every order created up to the newest
 * imported one; the owner confirms or cancels those by hand.
 */
const KEY = 'shop.imported-orders-until';

export async function importedOrdersUntil(db: Database): Promise<string | null> {
  return readSetting(db, KEY);
}

/** Records that orders up to `until` were imported (the mark only ever moves later). */
export async function keepImportedOrders(db: Database, until: string): Promise<void> {
  const known = await readSetting(db, KEY);
  if (known && known >= until) return;
  await writeSetting(db, KEY, until);
}

/** The shop's part of `npm run import`: before anything is written, and after. */
export function importSteps(db: Database, shop: ShopContext, stats: StatsKeeper) {
  return {
    /**
     * Before an import writes (`npm run import`): the demo never comes over the imported data, and
     * orders created up to `ordersUntil` (the newest imported one) never expire.
     */
    async importing(ordersUntil: string | null) {
      await markDemoSeeded(db);
      if (ordersUntil) await keepImportedOrders(db, ordersUntil);
    },
    /** After an import: sale prices and pairs sold filled in, every figure counted again. */
    async imported() {
      // The imported pending orders are in no customer's tally of pending pairs (order-rules.ts).
      await db.writeOne((k) => dropTallies(k));
      await catchUpKeptFields(shop, db, true);
      await stats.reconcile(null);
    },
  };
}
