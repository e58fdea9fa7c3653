import { unitPrice } from '@courtside/shop';
import type { Database } from '../db/database.js';
import { readSetting, writeSetting } from '../db/settings.js';
import { Q } from '../protocol/query-builder.js';
import type { ShopContext } from './context.js';
import { SALE_PRICE } from './kept-fields.js';
import { recountSold } from './sales.js';

/**
 * The kept attributes (kept-fields.ts) of products stored without the product rules: those from
 * before the attributes existed (a new attribute reaches existing documents with its default,
 * 0), the demo's and bulk imports. Run at every start and after a seed.
 */

/** Products fixed in one transaction; the rest follow in the next. */
const BATCH = 500;
/** Set once `sold` has been counted from the orders of this database. */
const SOLD_COUNTED = 'shop.sold-counted';

/**
 * Sale prices of products that have none: 0 while the price is not (no real sale price is 0
 * unless the price is). The query walks the sale price's index, so a start costs nothing once
 * every product has one.
 */
export async function backfillSalePrices(shop: ShopContext): Promise<number> {
  let fixed = 0;
  for (;;) {
    const done = await shop.databases.transaction(shop.ids.database, async (docs) => {
      const page = await docs.list(shop.ids.products, [
        Q.equal(SALE_PRICE, [0]),
        Q.greaterThanEqual('price', 1),
        Q.limit(BATCH),
      ]);
      for (const doc of page.documents) {
        const sale = unitPrice({ price: Number(doc.price), disc_price: Number(doc.disc_price) });
        await docs.update(shop.ids.products, doc.$id, { [SALE_PRICE]: sale });
      }
      return page.documents.length;
    });
    fixed += done;
    if (done < BATCH) return fixed;
  }
}

/**
 * Start-up and seed: sale prices filled in, and `sold` counted from the orders the first time
 * (`recount` again after a seed stored orders without the order rules).
 */
export async function catchUpKeptFields(
  shop: ShopContext,
  db: Database,
  recount = false,
): Promise<void> {
  const fixed = await backfillSalePrices(shop);
  if (fixed > 0) shop.log.info({ products: fixed }, 'sale prices filled in');
  if (recount || (await readSetting(db, SOLD_COUNTED)) === null) {
    await recountSold(shop);
    await writeSetting(db, SOLD_COUNTED, shop.clock.now().toISOString());
  }
}
