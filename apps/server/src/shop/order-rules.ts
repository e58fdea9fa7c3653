import { shopError } from './errors.js';
import {
  chargesOf,
  isLiveOrderStatus,
  isDraft,
  newOrderNumber,
  normalizePakistaniMobile,
  PAYMENT_MESSAGES,
  PHONE_MESSAGE,
  SHOP_MESSAGES,
  unknownProductMessage,
  type PaymentType,
  type ConfirmedBy,
  type CancelledBy,
  readOrderLines,
} from '@courtside/shop';
import { AppError } from '../protocol/errors.js';
import type { Caller } from '../protocol/caller.js';
import { randomBytes } from 'node:crypto';
import type {
  DocumentHooks,
  DocumentInput,
  HookContext,
  StoredDocument,
  TransactionDocuments,
} from '../modules/databases/contract.js';
import { requireAdmin, type ShopContext } from './context.js';
import type { ProductChange } from './stats.js';
import { releaseSale, soldAfter } from './sales.js';
import {
  asOrderProduct,
  checkInStock,
  checkPrice,
  offerLineOf,
  parseOrderLines,
  reserve,
  storedOrderLines,
  type PricedOrderLine,
} from './order-lines.js';
import { orderAddress } from './order-address.js';
import { deleteOrderNotes } from './owner-note-rules.js';
import { checkOrderCode, returnCode, spendCode } from './discount-codes.js';
import {
  countHolds,
  forgetClient,
  limitsOf,
  shopSettings,
  orderClient,
  pairsOf,
  pendingPairsTally,
  recordClient,
  recordClientAgain,
  refuseHoarding,
} from './order-holds.js';
import { together } from '../db/together.js';
import { newOrderPayment, PAYMENT_FIELDS } from './payment-rules.js';
import { refuseCod } from './order-cod.js';
import { beforeUpdateOrder, invalid, SHIPPING_FIELDS } from './order-update-rules.js';

/** Fields a client sends when it places an order (docs/shop.md §3). */
const ORDER_FIELDS = new Set([
  'user_id',
  'order_number',
  'User_name',
  'address',
  'phone',
  'email',
  'price',
  'payment_type',
  'order_status',
  'products',
  // The structured address (the spec's `address` is composed from them) and a discount code.
  'street',
  'city',
  'etcaddress',
  'code',
]);

/**
 * Who confirmed or cancelled the order, when, and its confirmation link's key (order-confirm.ts):
 * the server alone writes them. A client may send only null, which changes nothing.
 */
const CONFIRM_FIELDS = new Set([
  'confirm_key',
  'confirmed_by',
  'confirmed_at',
  'cancelled_by',
  'reminded_at',
]);

/** A new order's confirmation key: 18 random bytes, 24 characters of base64url. */
export const newConfirmKey = () => randomBytes(18).toString('base64url');

/** A new order: its confirmation link's key, never one a client sent, and nobody's marks. */
const unconfirmed = () => ({
  confirm_key: newConfirmKey(),
  confirmed_by: null,
  confirmed_at: null,
  cancelled_by: null,
  reminded_at: null,
});

/** Fields of an order the server prices itself: a client may send only their default. */
const SERVER_PRICED = new Set(['discount', 'delivery', 'cod_fee']);

/** A new order's fields: what a client sends, the server's own only at their default. */
function refuseServerFields(data: Record<string, unknown>) {
  for (const [key, value] of Object.entries(data)) {
    // The discount and the charges are the server's to work out; only their default passes.
    if (SERVER_PRICED.has(key) && (value === 0 || value === null)) continue;
    if (SHIPPING_FIELDS.has(key)) {
      if (value === null) continue;
      throw invalid(SHOP_MESSAGES.shippingByShop);
    }
    // The payment's state and record are the server's (payment-rules.ts).
    if (PAYMENT_FIELDS.has(key)) {
      if (value === null) continue;
      throw invalid(PAYMENT_MESSAGES.paymentFields);
    }
    if (CONFIRM_FIELDS.has(key) && value !== null) throw invalid(`The shop sets "${key}" itself`);
    if (CONFIRM_FIELDS.has(key)) continue;
    if (!ORDER_FIELDS.has(key)) throw invalid(`An order has no field "${key}"`);
  }
}

/**
 * Order create (D2, D3, D4, D16): checked and priced inside the order's transaction; its pairs
 * are reserved once it is inserted (reserveLines), in the same transaction.
 */
async function beforeCreateOrder(
  shop: ShopContext,
  ctx: HookContext,
  input: DocumentInput,
): Promise<DocumentInput> {
  const user = ctx.caller.user;
  if (!user) throw new AppError('user_unauthorized', SHOP_MESSAGES.signInToOrder);
  const data = input.data;
  refuseServerFields(data);
  if (data.user_id !== user.$id)
    throw new AppError('user_unauthorized', SHOP_MESSAGES.ownOrdersOnly);
  // Absent or null: the order starts as pending, as every new order does.
  const status = data.order_status;
  if (status !== undefined && status !== null && status !== 'pending') {
    throw invalid(SHOP_MESSAGES.newOrdersPending);
  }
  const payment = data.payment_type;
  if (payment !== 'COD' && payment !== 'Bank') {
    throw invalid('Choose a payment method: cash on delivery or bank transfer');
  }
  const phone = typeof data.phone === 'string' ? normalizePakistaniMobile(data.phone) : null;
  if (!phone) throw invalid(PHONE_MESSAGE);
  const place = orderAddress(data);
  // The e-mail is optional (a guest may give only a number); the schema checks one given.
  const email = typeof data.email === 'string' ? data.email.trim() : null;

  const requested = parseOrderLines(data.products);
  const pairs = requested.reduce((n, l) => n + l.quantity, 0);
  const hold = { userId: user.$id, phone, client: orderClient(ctx), pairs };
  // The products under lock, the limits and the hold tallies, asked all at once (on PostgreSQL
  // one round trip); the answers judged in the order the customer hears of a problem: the stock
  // first (its message says more), then the limits, before anything is reserved.
  const [docs, settings, counted] = await together([
    together(
      requested.map((l) => ctx.documents.get(shop.ids.products, l.productId, { forUpdate: true })),
    ),
    shopSettings(shop, ctx.documents),
    countHolds(ctx, hold),
  ]);
  const limits = limitsOf(shop, settings);
  const lines: PricedOrderLine[] = requested.map((line, i) => {
    const doc = docs[i];
    // A draft is not for sale: to a shopper it does not exist.
    if (!doc || isDraft(doc)) {
      throw shopError('shop_product_not_found', unknownProductMessage(line.title));
    }
    const product = asOrderProduct(doc);
    checkInStock(product, line.quantity);
    return { product, quantity: line.quantity };
  });
  await refuseHoarding(shop, ctx, hold, counted, limits);
  const code = await checkOrderCode(shop, ctx, user, phone, data.code, lines.map(offerLineOf));
  const {
    total: price,
    discount,
    delivery,
    codFee,
  } = checkPrice(lines, payment as PaymentType, data.price, chargesOf(settings), code);
  const cod = { payment, phone, city: place.city, total: price };
  await refuseCod(shop, ctx.documents, cod, settings);

  // The server alone chooses the number, and a fresh one whenever that is taken, also by an
  // order committed a moment earlier. A proposed one (the document id, order_number) is ignored:
  // were it kept when free, a number given back in its place would tell the customer that
  // another customer's order has it.
  const withNumber = (orderNumber: string) => ({
    documentId: orderNumber,
    data: {
      ...data,
      ...place,
      order_number: orderNumber,
      order_status: 'pending',
      phone,
      email,
      price,
      code: code?.code ?? null,
      discount,
      delivery,
      cod_fee: codFee,
      ...newOrderPayment(payment as PaymentType),
      products: storedOrderLines(lines),
      ...unconfirmed(),
    },
  });
  return {
    ...withNumber(newOrderNumber()),
    // The customer reads their order; only admins (collection permissions) change it (D4).
    permissions: [`read("user:${user.$id}")`],
    retry: () => withNumber(newOrderNumber()),
  };
}

/**
 * The pairs of a new order leave its products' stock and count as sold, in one write per
 * product, and the product totals follow. The products are those its beforeCreate read under
 * lock and checked, which the transaction holds: reading them again sends nothing.
 */
async function reserveLines(
  shop: ShopContext,
  events: OrderEvents,
  ctx: HookContext,
  order: StoredDocument,
): Promise<void> {
  const lines: PricedOrderLine[] = [];
  for (const line of readOrderLines(order.products)) {
    const doc = line.$id ? await ctx.documents.get(shop.ids.products, line.$id, LOCKED) : null;
    if (doc) lines.push({ product: asOrderProduct(doc), quantity: line.quantity });
  }
  await together([
    ...lines.map(({ product, quantity }) =>
      ctx.documents.update(shop.ids.products, product.$id, {
        ...reserve(product, quantity),
        ...soldAfter(product, quantity),
      }),
    ),
    events.reserved(
      ctx,
      lines.map(({ product, quantity }) => [product, reserve(product, quantity)]),
    ),
  ]);
}

const LOCKED = { forUpdate: true };

/**
 * An order that goes away before its pairs were delivered (deleted by the owner while pending or
 * confirmed) gives them back, in its own transaction: each product still in the shop gets its
 * units back, and the figures follow. A completed order's pairs have left the shop; a cancelled or
 * returned one gave them back when its status changed.
 */
export async function releaseStock(
  shop: ShopContext,
  documents: TransactionDocuments,
  order: StoredDocument,
): Promise<ProductChange[]> {
  if (order.order_status === 'completed' || !isLiveOrderStatus(order.order_status)) return [];
  return restock(shop, documents, order);
}

/** Every pair of the order back on its product (those still in the shop), under lock. */
async function restock(
  shop: ShopContext,
  documents: TransactionDocuments,
  order: StoredDocument,
): Promise<ProductChange[]> {
  const changes: ProductChange[] = [];
  await releaseSale(shop, documents, order);
  for (const line of readOrderLines(order.products)) {
    if (!line.$id) continue;
    const doc = await documents.get(shop.ids.products, line.$id, { forUpdate: true });
    if (!doc) continue; // the product was deleted since: nothing to give back to
    const stock = Number(doc.stock ?? 0) + line.quantity;
    const after = { stock, stoke: stock > 0 ? 'true' : 'false' };
    await documents.update(shop.ids.products, doc.$id, after);
    changes.push([doc, { ...doc, ...after }]);
  }
  return changes;
}

/** What the shop does around an order, inside its transaction (figures) and after (e-mails). */
export interface OrderEvents {
  /** Pairs are reserved (or given back): the product totals follow the stock. */
  reserved(ctx: HookContext, changes: ProductChange[]): Promise<void>;
  placed(ctx: HookContext, order: StoredDocument): Promise<void>;
  removed(ctx: HookContext, order: StoredDocument): Promise<void>;
  /** The owner changed the status (the customer hears of it, status-mail.ts). */
  statusChanged(ctx: HookContext, order: StoredDocument): Promise<void>;
  /** The owner gave the order a tracking number, or another one: the parcel is on its way. */
  shipped(ctx: HookContext, order: StoredDocument): Promise<void>;
  /** The owner marked the payment paid, refunded, or turned the screenshot down. */
  paymentChanged(ctx: HookContext, order: StoredDocument): Promise<void>;
}

/**
 * Cancelled or returned: the pairs go back on sale, the welcome code back to the customer (a
 * cancelled order was never delivered), and the order leaves the figures, all in the status
 * change's transaction.
 */
async function afterStatusChange(
  shop: ShopContext,
  events: OrderEvents,
  ctx: HookContext,
  before: StoredDocument,
  after: StoredDocument,
) {
  if (before.order_status === after.order_status) return;
  if (before.order_status === 'pending') await forgetClient(shop, ctx.documents, before.$id);
  // Back to pending (a confirmation undone): the customer's tally may have been counted while
  // this order was confirmed, without it; dropped, it is counted again from the orders.
  if (after.order_status === 'pending') {
    await ctx.documents.setTally(pendingPairsTally(String(after.user_id)), null);
    await recordClientAgain(shop, ctx, after, pairsOf(after));
  }
  if (isLiveOrderStatus(before.order_status) && !isLiveOrderStatus(after.order_status)) {
    const changes = await restock(shop, ctx.documents, before);
    if (changes.length > 0) await events.reserved(ctx, changes);
    if (after.order_status === 'cancelled') await returnCode(shop, ctx.documents, before);
    await events.removed(ctx, before);
  }
  await events.statusChanged(ctx, after);
}

/** The server's own change of an order's status (the buyer's link, the expiry): no caller. */
export interface ServerChange {
  order_status: 'confirmed' | 'cancelled';
  confirmed_by?: ConfirmedBy;
  confirmed_at?: string;
  cancelled_by?: CancelledBy;
}

/**
 * The buyer's confirmation or cancellation by link, and the expiry of an unconfirmed order, in
 * the caller's transaction: the order (read under lock by the caller, still pending) changes as
 * an owner's change would, with the same consequences (afterStatusChange: the pairs back and the
 * code back on cancelling, the hold's record gone, the figures, the buyer's message).
 */
export async function changeOrderAsServer(
  shop: ShopContext,
  events: OrderEvents,
  docs: TransactionDocuments,
  afterCommit: HookContext['afterCommit'],
  order: StoredDocument,
  change: ServerChange,
): Promise<StoredDocument> {
  const after = await docs.update(shop.ids.orders, order.$id, { ...change });
  const ctx: HookContext = {
    caller: SERVER_CALLER,
    databaseId: shop.ids.database,
    collectionId: shop.ids.orders,
    documents: docs,
    afterCommit,
  };
  await afterStatusChange(shop, events, ctx, order, after);
  return after;
}

const SERVER_CALLER: Caller = { user: null, sessionId: null, via: null, roles: [], key: null };

export function orderHooks(shop: ShopContext, events: OrderEvents): DocumentHooks {
  return {
    deniedMessage: (caller, action) =>
      action === 'create' && !caller.user ? SHOP_MESSAGES.signInToOrder : SHOP_MESSAGES.adminOnly,
    beforeCreate: (ctx, input) => beforeCreateOrder(shop, ctx, input),
    afterCreate: async (ctx, created) => {
      // Its pairs off the stock, its record, its code spent, its e-mails and figures: none
      // waits for another (on PostgreSQL one round trip for all).
      await together([
        reserveLines(shop, events, ctx, created),
        recordClient(shop, ctx, created, pairsOf(created)),
        spendCode(shop, ctx, created),
        events.placed(ctx, created),
      ]);
    },
    beforeUpdate: (ctx, current, patch) => beforeUpdateOrder(shop, ctx, current, patch),
    afterUpdate: async (ctx, before, after) => {
      await afterStatusChange(shop, events, ctx, before, after);
      if (after.tracking_number && after.tracking_number !== before.tracking_number) {
        await events.shipped(ctx, after);
      }
      if (after.payment_state !== before.payment_state) await events.paymentChanged(ctx, after);
    },
    beforeDelete: (ctx) => requireAdmin(ctx.caller, shop.ids),
    afterDelete: async (ctx, deleted) => {
      await deleteOrderNotes(shop, ctx.documents, deleted.$id);
      await forgetClient(shop, ctx.documents, deleted.$id);
      // A cancelled or returned order already gave its pairs back and left the figures.
      if (!isLiveOrderStatus(deleted.order_status)) return;
      const changes = await releaseStock(shop, ctx.documents, deleted);
      await returnCode(shop, ctx.documents, deleted);
      if (changes.length > 0) await events.reserved(ctx, changes);
      await events.removed(ctx, deleted);
    },
  };
}
