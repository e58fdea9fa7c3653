import { STATS_PRODUCTS_ID, type StatsFields } from '@courtside/shop';
import type { Database } from '../db/database.js';
import type { AccountTables } from '../modules/account/index.js';
import type { TransactionDocuments } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import { dayAndMonth, writeProductTotals } from './stats.js';

const PAGE = 1000;

/**
 * Counts every figure again from the data: after the demo seed (which writes with system
 * access, so no rules run) and when the statistics are missing (data imported from the old
 * backend). Reads the orders page by page; the live counters take over from there.
 */
export async function rebuildStats(shop: ShopContext, db: Database): Promise<void> {
  const counters = new Map<string, Omit<StatsFields, 'products' | 'in_stock' | 'out_of_stock'>>();
  const add = (
    id: string,
    head: Pick<StatsFields, 'kind' | 'period'>,
    delta: Partial<StatsFields>,
  ) => {
    const row = counters.get(id) ?? { ...head, customers: 0, orders: 0, sales: 0 };
    row.customers += delta.customers ?? 0;
    row.orders += delta.orders ?? 0;
    row.sales += delta.sales ?? 0;
    counters.set(id, row);
  };

  const users = await db.kysely
    .withTables<AccountTables>()
    .selectFrom('users')
    .select(['registration', 'labels'])
    .execute();
  for (const user of users) {
    const labels = JSON.parse(user.labels) as string[];
    if (labels.includes(shop.ids.adminLabel)) continue;
    const { day } = dayAndMonth(new Date(user.registration));
    add(day.id, day.head, { customers: 1 });
  }

  await shop.databases.transaction(shop.ids.database, async (docs) => {
    let cursor: string | null = null;
    for (;;) {
      const queries: string[] = [`limit(${PAGE})`];
      if (cursor) queries.push(`cursorAfter("${cursor}")`);
      const page = await docs.list(shop.ids.orders, queries);
      for (const order of page.documents) {
        const { day, month } = dayAndMonth(new Date(order.$createdAt));
        const delta = { orders: 1, sales: Number(order.price ?? 0) };
        add(day.id, day.head, delta);
        add(month.id, month.head, delta);
      }
      if (page.documents.length < PAGE) break;
      cursor = page.documents[page.documents.length - 1]!.$id;
    }
    await clearCounters(docs, shop);
    for (const [id, row] of counters) {
      await docs.create(
        shop.ids.stats,
        id,
        { ...row, products: 0, in_stock: 0, out_of_stock: 0 },
        [],
      );
    }
    await writeProductTotals(docs, shop);
  });
}

async function clearCounters(docs: TransactionDocuments, shop: ShopContext) {
  for (;;) {
    const page = await docs.list(shop.ids.stats, ['limit(500)']);
    const doomed = page.documents.filter((d) => d.$id !== STATS_PRODUCTS_ID);
    for (const doc of doomed) await docs.delete(shop.ids.stats, doc.$id);
    if (page.documents.length < 500) return;
  }
}

/** True when the statistics have never been written (a new database or imported data). */
export async function statsMissing(shop: ShopContext): Promise<boolean> {
  return shop.databases.transaction(shop.ids.database, async (docs) => {
    return (await docs.get(shop.ids.stats, STATS_PRODUCTS_ID)) === null;
  });
}
