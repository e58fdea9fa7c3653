import {
  blockReasonError,
  countHistory,
  NUMBER_CHANGES_SHOWN,
  NUMBER_MESSAGES,
  numberDocId,
  numberLabel,
  type HistoryOrder,
  type LabelRules,
  type NumberChange,
  type NumberCounts,
  type NumberLabel,
  type NumberRecord,
} from '@courtside/shop';
import type { CallerUser } from '../protocol/caller.js';
import { invalidArgument } from '../protocol/errors.js';
import { Q } from '../protocol/query-builder.js';
import type { TransactionDocuments } from '../modules/databases/contract.js';
import type { ShopContext } from './context.js';
import { eachDocument } from './sales.js';
import { together } from '../db/together.js';
import { uniqueId } from '../tools/ids.js';

/**
 * What the shop remembers of a mobile number (packages/shop number-history.ts): its orders'
 * history across every account and guest order (the orders carry the number as +923XXXXXXXXX,
 * index phone_created), and the owner's block, kept in `numbers` (one document per blocked or
 * once-blocked number, its id the number's digits) with every change in `number_changes`. Only
 * the server writes both; admins read them.
 */

/** The counts of every order placed with this number (+923XXXXXXXXX). */
export async function numberHistory(
  shop: ShopContext,
  docs: TransactionDocuments,
  phone: string,
): Promise<NumberCounts> {
  const orders: HistoryOrder[] = [];
  await eachDocument(docs, shop.ids.orders, [Q.equal('phone', [phone])], (o) =>
    orders.push(o as unknown as HistoryOrder),
  );
  return countHistory(orders);
}

/** The owner's block on this number: whether it is blocked, and why. */
export async function numberBlock(
  shop: ShopContext,
  docs: TransactionDocuments,
  phone: string,
  options?: { forUpdate?: boolean },
): Promise<{ blocked: boolean; reason: string | null }> {
  const id = numberDocId(phone);
  const doc = id ? await docs.get(shop.ids.numbers, id, options) : null;
  return doc?.blocked === true
    ? { blocked: true, reason: typeof doc.reason === 'string' ? doc.reason : null }
    : { blocked: false, reason: null };
}

/** The number's label under these rules, from its history and its block. */
export async function labelOf(
  shop: ShopContext,
  docs: TransactionDocuments,
  phone: string,
  rules: LabelRules,
): Promise<NumberLabel> {
  const [counts, block] = await together([
    numberHistory(shop, docs, phone),
    numberBlock(shop, docs, phone),
  ]);
  return numberLabel(counts, block.blocked, rules);
}

async function changesOf(
  shop: ShopContext,
  docs: TransactionDocuments,
  phone: string,
): Promise<NumberChange[]> {
  const { documents } = await docs.list(
    shop.ids.numberChanges,
    [Q.equal('phone', [phone]), Q.orderDesc('$createdAt'), Q.limit(NUMBER_CHANGES_SHOWN)],
    { total: false },
  );
  return documents.map((d) => ({
    action: d.action === 'block' ? 'block' : 'unblock',
    reason: String(d.reason ?? ''),
    by: String(d.by),
    by_name: String(d.by_name ?? ''),
    at: d.$createdAt,
  }));
}

/** A number's record: its history, label, block and changes. */
export async function numberRecord(
  shop: ShopContext,
  docs: TransactionDocuments,
  phone: string,
  rules: LabelRules,
): Promise<NumberRecord> {
  const [counts, block, changes] = await together([
    numberHistory(shop, docs, phone),
    numberBlock(shop, docs, phone),
    changesOf(shop, docs, phone),
  ]);
  return {
    phone,
    ...counts,
    label: numberLabel(counts, block.blocked, rules),
    ...block,
    changes,
  };
}

/**
 * Blocks or unblocks the number (+923XXXXXXXXX), by this admin, and records the change; a block
 * needs its reason. Blocking a blocked number (or unblocking one that is not) is refused, so two
 * tabs never log the same change twice.
 */
export async function setBlocked(
  shop: ShopContext,
  docs: TransactionDocuments,
  admin: Pick<CallerUser, '$id' | 'name'> | null,
  phone: string,
  blocked: boolean,
  reason: unknown,
): Promise<void> {
  const error = blockReasonError(reason, blocked);
  if (error) throw invalidArgument(error);
  const why = typeof reason === 'string' ? reason.trim() : '';
  const id = numberDocId(phone) as string;
  const current = await docs.get(shop.ids.numbers, id, { forUpdate: true });
  const was = current?.blocked === true;
  if (was === blocked) {
    throw invalidArgument(blocked ? NUMBER_MESSAGES.alreadyBlocked : NUMBER_MESSAGES.notBlocked);
  }
  const data = { phone, blocked, reason: blocked ? why : null };
  if (current) await docs.update(shop.ids.numbers, id, data);
  else await docs.create(shop.ids.numbers, id, data, []);
  await docs.create(
    shop.ids.numberChanges,
    uniqueId(shop.clock.now()),
    {
      phone,
      action: blocked ? 'block' : 'unblock',
      reason: why || null,
      by: admin?.$id ?? 'server',
      by_name: (admin?.name ?? '').slice(0, 128) || null,
    },
    [],
  );
}
