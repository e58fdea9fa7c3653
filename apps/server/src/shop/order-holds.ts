import {
  orderPairCount,
  readOrderLines,
  readShopSettings,
  SHOP_SETTINGS_ID,
  tooManyPendingForMessage,
  tooManyPendingMessage,
  type ShopSettings,
} from '@courtside/shop';
import type {
  HookContext,
  StoredDocument,
  TransactionDocuments,
} from '../modules/databases/contract.js';
import { Q } from '../protocol/query-builder.js';
import { clientNetwork } from '../tools/client-network.js';
import { together } from '../db/together.js';
import type { ShopContext } from './context.js';
import { shopError } from './errors.js';

/**
 * Pairs held in unconfirmed orders (docs/limits.md, "Unconfirmed pairs"). Eleven fresh accounts
 * from two addresses could take the last pairs of the shop, one account's limit at a time; so
 * the limit also holds per phone number and per client address, whichever account orders.
 *
 * Each pending order has a record in `order_clients` (admins read it; only these rules write
 * it): its customer, phone, client network and pairs. The record goes when the order leaves
 * pending (confirmed, cancelled, deleted, expired), so the records are exactly the pairs still
 * held. An order is checked against its phone's and its client's pairs in its own transaction,
 * each kept as a tally that locks like the customer's (refuseHoarding), so two orders sent at
 * once are counted one after the other.
 */

/** Who an order's pairs are held for, and how many: what the hold limits count. */
export interface OrderHold {
  userId: string;
  phone: string;
  /** The client's network; null when it says nothing of who orders (orderClient). */
  client: string | null;
  pairs: number;
}

/** The tallies an order counts against, always in this order: customer, phone, client. */
function holdTallies(hold: OrderHold): string[] {
  const tallies = [pendingPairsTally(hold.userId), holdTally('phone', hold.phone)];
  if (hold.client) tallies.push(holdTally('client', hold.client));
  return tallies;
}

/**
 * The order's pairs added to each of its tallies, which stays locked until the transaction ends,
 * all asked at once (on PostgreSQL one round trip); what each tally says now, or null where none
 * is kept. Always locked in the same order, so two orders never wait on each other's tallies.
 */
export function countHolds(ctx: HookContext, hold: OrderHold): Promise<(number | null)[]> {
  return together(holdTallies(hold).map((tally) => ctx.documents.addToTally(tally, hold.pairs)));
}

/**
 * No hoarding (docs/limits.md, "Unconfirmed pairs"): the pairs a customer holds in pending
 * orders (reserved, not yet confirmed by the shop), with this order's, stay within the shop's
 * limit (the owner's setting, else PENDING_PAIRS_PER_CUSTOMER), and so do those of its phone
 * number and of its client's address, whichever account orders. `counted` is what countHolds
 * found, under the tallies' locks, so two orders sent at once cannot both slip under a limit.
 *
 * Reading every pending order at every order cost more than the rest of placing it once a
 * customer held a few dozen, so the pairs counted are kept as tallies (tallies.ts) that each
 * order adds to. Nothing takes pairs off them (a confirmed or expired order leaves them as they
 * were), so they are never below the truth while every order is placed through these rules: an
 * order that fits under a tally fits. One that does not is checked against the data (the
 * customer's orders, the phone's or client's records), and the tally starts again from what they
 * say. Writers that place orders around the rules (the demo's seed, an import) drop the tallies.
 */
export async function refuseHoarding(
  shop: ShopContext,
  ctx: HookContext,
  hold: OrderHold,
  counted: readonly (number | null)[],
  limits: HoldLimits,
): Promise<void> {
  const truths = [
    {
      max: limits.perCustomer,
      held: () => pendingPairs(shop, ctx, hold.userId),
      message: (held: number) => tooManyPendingMessage(held, limits.perCustomer),
    },
    recordsTruth(shop, ctx, 'phone', hold.phone, limits.perPhone),
    ...(hold.client ? [recordsTruth(shop, ctx, 'address', hold.client, limits.perAddress)] : []),
  ];
  const tallies = holdTallies(hold);
  for (const [i, truth] of truths.entries()) {
    const sum = counted[i] ?? null;
    if (sum !== null && sum <= truth.max) continue;
    const held = await truth.held();
    if (held + hold.pairs > truth.max) {
      throw shopError('shop_too_many_pending', truth.message(held));
    }
    await ctx.documents.setTally(tallies[i]!, held + hold.pairs);
  }
}

/** The tally of a customer's pairs in pending orders (an upper bound: refuseHoarding). */
export const pendingPairsTally = (userId: string) => `pending-pairs:${userId}`;

/** The pairs in the customer's pending orders, read from the orders. */
async function pendingPairs(shop: ShopContext, ctx: HookContext, userId: string) {
  // The customer's newest orders, their status checked here: the customer alone is the one
  // selective condition, so the database walks that customer's index entries and nothing else
  // (with the status in the query too, SQLite's planner could take the status index instead,
  // which at a busy time holds every pending order of the shop).
  const newest = await ctx.documents.list(
    shop.ids.orders,
    [
      Q.equal('user_id', [userId]),
      Q.orderDesc('$createdAt'),
      Q.select(['products', 'order_status']),
      Q.limit(MAX_ORDERS_READ),
    ],
    { total: false },
  );
  return newest.documents
    .filter((o) => o.order_status === 'pending')
    .flatMap((o) => readOrderLines(o.products))
    .reduce((n, l) => n + l.quantity, 0);
}

/** The newest orders of a customer read for the count; pending ones are new (they expire). */
const MAX_ORDERS_READ = 1000;

/** The pairs of an order's lines. */
export const pairsOf = (order: StoredDocument): number => orderPairCount(order.products);

/** The limits in force: the owner's settings, else the operator's starting values. */
export interface HoldLimits {
  perCustomer: number;
  perPhone: number;
  perAddress: number;
  holdHours: number;
}

export async function holdLimits(
  shop: ShopContext,
  docs: TransactionDocuments,
): Promise<HoldLimits> {
  return limitsOf(shop, await shopSettings(shop, docs));
}

/**
 * What stands for a transaction: each hook gets its own view of it, the executor is the
 * transaction's own (a view without one, a test's, stands for itself).
 */
function transactionOf(docs: TransactionDocuments): object {
  const tx: unknown = docs.executor();
  return typeof tx === 'object' && tx !== null ? tx : docs;
}

/** The settings a transaction has read: an order's rules and its messages read them once. */
const readIn = new WeakMap<object, Promise<ShopSettings>>();

/**
 * The owner's settings, each one never saved at its default, read once per transaction (an
 * order's checks and its confirmation both need them; on PostgreSQL a second read would be a
 * round trip of its own).
 */
export function shopSettings(shop: ShopContext, docs: TransactionDocuments): Promise<ShopSettings> {
  const tx = transactionOf(docs);
  let read = readIn.get(tx);
  if (!read) {
    read = docs
      .get(shop.ids.settings, SHOP_SETTINGS_ID)
      .then((doc) => readShopSettings(doc as Partial<ShopSettings> | null));
    readIn.set(tx, read);
  }
  return read;
}

/** The settings change in this transaction: the next read reads them anew. */
export const forgetSettings = (docs: TransactionDocuments) =>
  void readIn.delete(transactionOf(docs));

/** The hold limits under these settings. */
export function limitsOf(shop: ShopContext, saved: ShopSettings): HoldLimits {
  return {
    perCustomer: saved.pending_pairs_per_customer ?? shop.pendingPairsPerCustomer,
    perPhone: saved.pending_pairs_per_phone ?? shop.pendingPairsPerPhone,
    perAddress: saved.pending_pairs_per_address ?? shop.pendingPairsPerAddress,
    holdHours: saved.pending_hold_hours ?? shop.pendingOrderHours,
  };
}

/**
 * The network a signed-in customer orders from, or null when it says nothing of who they are:
 * no address (an API key), or a loopback one, which is a proxy on the same machine that the
 * server was not told to believe (TRUST_PROXY) or a local tool: counting it would put every
 * customer behind one limit.
 */
export function orderClient(ctx: HookContext): string | null {
  const ip = ctx.caller.ip;
  if (!ip) return null;
  const network = clientNetwork(ip);
  if (network.startsWith('127.') || network === '0:0:0:0::/64') return null;
  return network;
}

/** The pairs held by one phone's or one client's pending orders, read from their records. */
function recordsTruth(
  shop: ShopContext,
  ctx: HookContext,
  whose: 'phone' | 'address',
  value: string,
  max: number,
) {
  const field = whose === 'phone' ? 'phone' : 'client';
  return {
    max,
    held: async () => {
      const records = await ctx.documents.list(
        shop.ids.orderClients,
        [Q.equal(field, [value]), Q.select(['pairs']), Q.limit(MAX_RECORDS_READ)],
        { total: false },
      );
      return records.documents.reduce((n, r) => n + Number(r.pairs ?? 0), 0);
    },
    message: (held: number) => tooManyPendingForMessage(whose, held, max),
  };
}

/** The tally of the pairs held by one phone's or one client's pending orders. */
const holdTally = (field: 'phone' | 'client', value: string) => `pending-pairs:${field}:${value}`;

/** Records read for one phone or client: far more than any limit lets through. */
const MAX_RECORDS_READ = 5000;

/** The record of a new pending order, in its transaction. */
export async function recordClient(
  shop: ShopContext,
  ctx: HookContext,
  order: StoredDocument,
  pairs: number,
): Promise<void> {
  await writeRecord(shop, ctx, order, orderClient(ctx) ?? '', pairs);
}

/**
 * An order back to pending (a confirmation undone) holds its pairs unconfirmed again: its
 * record again, without a client (the request is the owner's), and its phone's tally dropped,
 * to be counted again from the records.
 */
export async function recordClientAgain(
  shop: ShopContext,
  ctx: HookContext,
  order: StoredDocument,
  pairs: number,
): Promise<void> {
  await writeRecord(shop, ctx, order, '', pairs);
  await ctx.documents.setTally(holdTally('phone', String(order.phone)), null);
}

async function writeRecord(
  shop: ShopContext,
  ctx: HookContext,
  order: StoredDocument,
  client: string,
  pairs: number,
) {
  const data = { user_id: String(order.user_id), phone: String(order.phone), client, pairs };
  await ctx.documents.create(shop.ids.orderClients, order.$id, data, []);
}

/** The order no longer holds its pairs unconfirmed: its record goes. */
export async function forgetClient(
  shop: ShopContext,
  docs: TransactionDocuments,
  orderId: string,
): Promise<void> {
  if (await docs.get(shop.ids.orderClients, orderId)) {
    await docs.delete(shop.ids.orderClients, orderId);
  }
}
