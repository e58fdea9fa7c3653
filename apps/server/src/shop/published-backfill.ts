import type { Database } from '../db/database.js';
import { readSetting, writeSetting } from '../db/settings.js';
import { Q } from '../protocol/query-builder.js';
import type { ShopContext } from './context.js';
import { productPermissions } from '@courtside/shop';

/** Set once the products stored before drafts existed have been given their readers. */
const READERS_SET = 'shop.product-readers-set';
const BATCH = 500;

/**
 * Products became readable one by one when drafts came (a draft is the owner's alone): the
 * products stored before then, readable through the collection, get shoppers as readers once,
 * at the first start with drafts. Products written since get theirs from the product rules,
 * the demo's and imports' from what stores them.
 */
export async function setProductReaders(shop: ShopContext, db: Database): Promise<number> {
  if ((await readSetting(db, READERS_SET)) !== null) return 0;
  let done = 0;
  for (let after: string | null = null; ;) {
    const page: { $id: string; draft?: unknown }[] = await shop.databases.transaction(
      shop.ids.database,
      async (docs) => {
        const list = await docs.list(shop.ids.products, [
          Q.orderAsc('$id'),
          ...(after ? [Q.cursorAfter(after)] : []),
          Q.limit(BATCH),
        ]);
        for (const doc of list.documents) {
          const wanted = productPermissions(doc.draft);
          // Those stored with their readers (imports, the demo) are left as they are.
          if (JSON.stringify(doc.$permissions) === JSON.stringify(wanted)) continue;
          done++;
          await docs.update(shop.ids.products, doc.$id, { draft: doc.draft === true }, wanted);
        }
        return list.documents;
      },
    );
    if (page.length < BATCH) break;
    after = page[page.length - 1]!.$id;
  }
  await writeSetting(db, READERS_SET, shop.clock.now().toISOString());
  return done;
}
