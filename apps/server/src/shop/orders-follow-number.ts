import { normalizePakistaniMobile } from '@courtside/shop';
import { Q } from '../protocol/query-builder.js';
import type { VerifiedPhone } from '../modules/account/index.js';
import type { StoredDocument } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';

/** Orders read per page while looking for a number's guest orders. */
const PAGE = 100;

/**
 * Orders follow the number (docs/shop.md §2): when an SMS code proves that an account holds a
 * number, the orders placed with that number by guests (anonymous sessions) become readable by
 * the account too, all in one transaction. An order placed by another real account keeps its
 * owner alone: a number is not proof of who placed an order from someone else's account.
 */
export async function ordersFollowNumber(shop: ShopContext, verified: VerifiedPhone) {
  const phone = normalizePakistaniMobile(verified.phone);
  if (!phone) return 0;
  const reader = `read("user:${verified.userId}")`;
  return shop.databases.transaction(shop.ids.database, async (documents) => {
    const waiting: StoredDocument[] = [];
    let after: string | null = null;
    for (;;) {
      const queries = [Q.equal('phone', [phone]), Q.limit(PAGE)];
      if (after) queries.push(Q.cursorAfter(after));
      const page = await documents.list(shop.ids.orders, queries, { total: false });
      waiting.push(...page.documents.filter((o) => !o.$permissions.includes(reader)));
      if (page.documents.length < PAGE) break;
      after = page.documents[page.documents.length - 1]!.$id;
    }
    const owners = [...new Set(waiting.map((o) => String(o.user_id)))];
    const guests = await shop.account.anonymousAmong(owners, documents.executor());
    let moved = 0;
    for (const order of waiting) {
      if (!guests.has(String(order.user_id))) continue;
      await documents.update(shop.ids.orders, order.$id, {}, [...order.$permissions, reader]);
      moved += 1;
    }
    return moved;
  });
}
