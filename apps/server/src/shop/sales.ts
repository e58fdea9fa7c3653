import { LIVE_ORDER_STATUSES, readOrderLines } from '@courtside/shop';
import type { StoredDocument, TransactionDocuments } from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import type { ShopContext } from './context.js';
import { SOLD } from './kept-fields.js';

/**
 * Pairs sold per product (`sold`, which "Best selling" sorts by), kept inside the orders'
 * transactions: a placed order adds its quantities; an order whose pairs go back in stock
 * (deleted or expired before they were delivered, cancelled, returned) takes them back. A completed
 * order's stay sold.
 */

/** A stored product as far as counting needs it. */
type Stored = { $id: string; [attribute: string]: unknown };

async function addSold(
  shop: ShopContext,
  documents: TransactionDocuments,
  lines: readonly { id: string; quantity: number }[],
  sign: 1 | -1,
): Promise<void> {
  for (const line of lines) {
    const doc = await documents.get(shop.ids.products, line.id, { forUpdate: true });
    if (!doc) continue; // deleted since: nothing to count on
    const sold = Math.max(0, Number(doc[SOLD] ?? 0) + sign * line.quantity);
    await documents.update(shop.ids.products, doc.$id, { [SOLD]: sold });
  }
}

/** A product's `sold` once a new order takes `quantity` of its pairs (read under lock). */
export function soldAfter(product: Stored, quantity: number): Record<string, number> {
  return { [SOLD]: Math.max(0, Number(product[SOLD] ?? 0) + quantity) };
}

/**
 * An order whose pairs go back on sale (releaseStock: it went before they were delivered): they
 * no longer count as sold.
 */
export function releaseSale(
  shop: ShopContext,
  documents: TransactionDocuments,
  order: StoredDocument,
): Promise<void> {
  const lines = readOrderLines(order.products)
    .filter((l) => l.$id)
    .map((l) => ({ id: l.$id, quantity: l.quantity }));
  return addSold(shop, documents, lines, -1);
}

const PAGE = 500;

/** Every document the queries match, a page at a time by cursor. */
export async function eachDocument(
  docs: TransactionDocuments,
  collectionId: string,
  queries: string[],
  visit: (doc: StoredDocument) => void,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page = await docs.list(collectionId, [
      ...queries,
      Q.limit(PAGE),
      ...(after ? [Q.cursorAfter(after)] : []),
    ]);
    page.documents.forEach(visit);
    if (page.documents.length < PAGE) return;
    after = page.documents.at(-1)!.$id;
  }
}

/**
 * `sold` counted again from every order, in one transaction: for a shop whose orders predate
 * the count, and after the demo's orders are seeded (they are stored without the order rules).
 */
export async function recountSold(shop: ShopContext): Promise<void> {
  await shop.databases.transaction(shop.ids.database, async (docs) => {
    const counted = new Map<string, number>();
    // Cancelled and returned orders' pairs went back on sale: they are not sold.
    const live = [Q.equal('order_status', [...LIVE_ORDER_STATUSES])];
    await eachDocument(docs, shop.ids.orders, live, (order) => {
      for (const line of readOrderLines(order.products)) {
        if (line.$id) counted.set(line.$id, (counted.get(line.$id) ?? 0) + line.quantity);
      }
    });
    // Products counted before but in no order now go back to 0.
    await eachDocument(docs, shop.ids.products, [Q.greaterThanEqual(SOLD, 1)], (doc) => {
      if (!counted.has(doc.$id)) counted.set(doc.$id, 0);
    });
    for (const [id, sold] of counted) {
      const doc = await docs.get(shop.ids.products, id);
      if (doc && Number(doc[SOLD] ?? 0) !== sold) {
        await docs.update(shop.ids.products, id, { [SOLD]: sold });
      }
    }
  });
}
