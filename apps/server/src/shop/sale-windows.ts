import { saleEndChange, unitPrice } from '@courtside/shop';
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
 * read the window themselves, so the struck-through price shows only while the sale runs. A
 * sale that has ended gives the pair its own discount price back and leaves it without a
 * window. Returns how many products changed.
 */
export async function refreshSaleWindows(shop: ShopContext): Promise<number> {
  const now = shop.clock.now().getTime();
  return shop.databases.transaction(shop.ids.database, async (docs) => {
    const stale = new Map<string, Record<string, unknown>>();
    // Windows that have not closed long ago: those still open, and those that just closed.
    const recent = [Q.greaterThan('sale_until', toIso(new Date(now - 7 * 86_400_000)))];
    const check = (doc: { $id: string; [k: string]: unknown }) => {
      const pair = {
        price: Number(doc.price ?? 0),
        disc_price: Number(doc.disc_price ?? 0),
        sale_from: typeof doc.sale_from === 'string' ? doc.sale_from : null,
        sale_until: typeof doc.sale_until === 'string' ? doc.sale_until : null,
        regular_disc_price: typeof doc.regular_disc_price === 'number' ? doc.regular_disc_price : 0,
      };
      const ended = pair.sale_until !== null && Date.parse(pair.sale_until) <= now;
      const after = ended ? { ...pair, ...saleEndChange(pair) } : pair;
      const price = unitPrice(after, now);
      if (ended) stale.set(doc.$id, { ...saleEndChange(pair), [SALE_PRICE]: price });
      else if (Number(doc[SALE_PRICE]) !== price) stale.set(doc.$id, { [SALE_PRICE]: price });
    };
    await eachDocument(docs, shop.ids.products, recent, check);
    for (const [id, change] of stale) await docs.update(shop.ids.products, id, change);
    return stale.size;
  });
}
