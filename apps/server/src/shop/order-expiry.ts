import type { StoredDocument, TransactionDocuments } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import { changeOrderAsServer, type OrderEvents } from './order-rules.js';
import { holdLimits, shopSettings } from './order-holds.js';
import { Q } from '../protocol/query-builder.js';
import { toIso } from '../tools/dates.js';

/** Orders expired in one transaction; the rest follow in the next. */
const BATCH = 50;

/**
 * Whether a pending order is past its window at `now` (docs/shop.md, "The buyer confirms"): a
 * cash-on-delivery order the buyer (or the owner) has not confirmed within `confirm_hours`; an
 * advance-payment order nobody has paid (no payment state, or 'unpaid') within the hold window
 * (`pending_hold_hours`, else PENDING_ORDER_HOURS). An order whose payment proof was sent, or
 * that is paid, waits for the owner.
 */
export interface ExpiryWindows {
  codHours: number;
  bankHours: number;
}

export async function expiryWindows(
  shop: ShopContext,
  docs: TransactionDocuments,
): Promise<ExpiryWindows> {
  const [settings, limits] = await Promise.all([shopSettings(shop, docs), holdLimits(shop, docs)]);
  return { codHours: settings.confirm_hours, bankHours: limits.holdHours };
}

const unpaid = (order: StoredDocument) =>
  order.payment_state === undefined ||
  order.payment_state === null ||
  order.payment_state === 'unpaid';

/** When the order's window closes (ISO time), or null when it never expires by itself. */
export function expiresAt(order: StoredDocument, windows: ExpiryWindows): string | null {
  if (order.payment_type === 'Bank' && !unpaid(order)) return null;
  const hours = order.payment_type === 'COD' ? windows.codHours : windows.bankHours;
  return toIso(new Date(Date.parse(order.$createdAt) + hours * 3600_000));
}

export function isExpired(order: StoredDocument, windows: ExpiryWindows, now: Date): boolean {
  if (order.order_status !== 'pending') return false;
  const until = expiresAt(order, windows);
  return until !== null && Date.parse(until) <= now.getTime();
}

/**
 * Pending orders past their window are cancelled (`cancelled_by: 'expiry'`), as the owner's
 * cancel would: their pairs back on sale, the code back, the figures, and a message to the
 * buyer, one order at a time in the batch's transaction, each read again under its lock (a
 * buyer's confirmation committed meanwhile wins; one that comes after finds it cancelled). A
 * lock keeps two server processes from doing it twice. Returns how many orders expired.
 */
export async function expirePendingOrders(
  shop: ShopContext,
  events: OrderEvents,
  importedUntil: string | null = null,
): Promise<number> {
  let expired = 0;
  for (const payment of ['COD', 'Bank'] as const) {
    // Oldest first; each batch starts where the last ended (orders that wait for the owner, a
    // paid one, stay pending and are passed over).
    let from: string | null = null;
    const seen = new Set<string>();
    for (;;) {
      const batch = await expireBatch(shop, events, payment, { importedUntil, from }, seen);
      expired += batch.expired;
      if (batch.next === null) break;
      from = batch.next;
    }
  }
  return expired;
}

async function expireBatch(
  shop: ShopContext,
  events: OrderEvents,
  payment: 'COD' | 'Bank',
  { importedUntil, from }: { importedUntil: string | null; from: string | null },
  seen: Set<string>,
): Promise<{ expired: number; next: string | null }> {
  return shop.databases.transaction(shop.ids.database, async (docs, afterCommit) => {
    await docs.lock('order-expiry', 'exclusive');
    const windows = await expiryWindows(shop, docs);
    const now = shop.clock.now();
    const hours = payment === 'COD' ? windows.codHours : windows.bankHours;
    const page = await docs.list(shop.ids.orders, [
      Q.equal('order_status', ['pending']),
      Q.equal('payment_type', [payment]),
      // Expired from the moment its window closes (isExpired), as the link says.
      Q.lessThanEqual('$createdAt', toIso(new Date(now.getTime() - hours * 3600_000))),
      // Orders imported from the old shop never expire (imported-orders.ts).
      ...(importedUntil ? [Q.greaterThan('$createdAt', importedUntil)] : []),
      ...(from ? [Q.greaterThanEqual('$createdAt', from)] : []),
      Q.orderAsc('$createdAt'),
      Q.limit(BATCH),
    ]);
    const fresh = page.documents.filter((o) => !seen.has(o.$id));
    let expired = 0;
    for (const listed of fresh) {
      seen.add(listed.$id);
      const order = await docs.get(shop.ids.orders, listed.$id, { forUpdate: true });
      if (!order || !isExpired(order, windows, now)) continue;
      await changeOrderAsServer(shop, events, docs, afterCommit, order, {
        order_status: 'cancelled',
        cancelled_by: 'expiry',
      });
      expired++;
    }
    const last = page.documents.at(-1);
    const more = page.documents.length === BATCH && fresh.length > 0 && last;
    return { expired, next: more ? last.$createdAt : null };
  });
}
