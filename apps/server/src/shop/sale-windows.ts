import { unitPrice } from '@courtside/shop';
import type { ShopContext } from './context.js';
import { SALE_PRICE } from './kept-fields.js';
import { eachDocument } from './sales.js';
import { Q } from '../protocol/query-builder.js';
import { toIso } from '../tools/dates.js';

/** How often a sale's opening or closing reaches the kept prices. */
export const SALE_WINDOWS_EVERY_MS = 60_000;

/**
 * The owner's automatic sales (a sale price with a window: `sale_from`, `sale_until`) open and
 * close on their own: each product's kept `sale_price`, which the shop filters and sorts by, is
 * brought in line with what the pair costs now, a minute at most after the moment. The pages
 * read the window themselves, so the struck-through price shows only while the sale runs.
 * Returns how many products changed.
 */
export async function refreshSaleWindows(shop: ShopContext): Promise<number> {
  const now = shop.clock.now().getTime();
  return shop.databases.transaction(shop.ids.database, async (docs) => {
    const stale = new Map<string, number>();
    // Windows that have not closed long ago: those still open, and those that just closed.
    const recent = [Q.greaterThan('sale_until', toIso(new Date(now - 7 * 86_400_000)))];
    const check = (doc: { $id: string; [k: string]: unknown }) => {
      const price = unitPrice(
        {
          price: Number(doc.price ?? 0),
          disc_price: Number(doc.disc_price ?? 0),
          sale_from: typeof doc.sale_from === 'string' ? doc.sale_from : null,
          sale_until: typeof doc.sale_until === 'string' ? doc.sale_until : null,
        },
        now,
      );
      if (Number(doc[SALE_PRICE]) !== price) stale.set(doc.$id, price);
    };
    await eachDocument(docs, shop.ids.products, recent, check);
    for (const [id, price] of stale) {
      await docs.update(shop.ids.products, id, { [SALE_PRICE]: price });
    }
    return stale.size;
  });
}
