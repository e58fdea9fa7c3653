import type { FastifyInstance } from 'fastify';
import {
  CONFIRM_API_PATH,
  CONFIRM_ERROR_TYPES,
  CONFIRM_KEY_PATTERN,
  CONFIRM_MESSAGES,
  confirmUsedMessage,
  deliveryAddressText,
  isOrderStatus,
  orderSummary,
  type CancelledBy,
  type ConfirmedBy,
  type OrderConfirmView,
  type OrderFields,
} from '@courtside/shop';
import type { StoredDocument, TransactionDocuments } from '../modules/databases/contract.js';
import { readParams, oneOf, text } from '../protocol/params.js';
import { input } from '../protocol/request.js';
import { sha256, safeEqual } from '../tools/crypto.js';
import type { ShopContext } from './context.js';
import { shopError } from './errors.js';
import { expiresAt, expiryWindows, isExpired, type ExpiryWindows } from './order-expiry.js';
import { changeOrderAsServer, type OrderEvents } from './order-rules.js';
import { toIso } from '../tools/dates.js';

const HOUR = 3600;
const ORDER_ID = /^[A-Za-z0-9]{1,36}$/;

const notFound = () => shopError(CONFIRM_ERROR_TYPES.notFound, CONFIRM_MESSAGES.notFound);
const expired = () => shopError(CONFIRM_ERROR_TYPES.expired, CONFIRM_MESSAGES.expired);

/** Keys compared in time that depends on neither where they differ nor their lengths. */
const sameKey = (given: string, stored: unknown) =>
  typeof stored === 'string' && safeEqual(sha256(given), sha256(stored));

/**
 * The cash-on-delivery order this link is for, read (under lock when it is to change), or the
 * same 404 for every wrong link: no such order, another order's key, a wrong key, not a
 * cash-on-delivery order. The key is compared whatever the order, so the answer's time says
 * nothing of which order numbers exist.
 */
async function linkedOrder(
  shop: ShopContext,
  docs: TransactionDocuments,
  p: { order: string; key: string },
  forUpdate: boolean,
): Promise<StoredDocument> {
  const id = ORDER_ID.test(p.order) ? p.order : '0';
  const order = await docs.get(shop.ids.orders, id, { forUpdate });
  const matches = sameKey(p.key, order?.confirm_key ?? '-');
  if (!order || !matches || !CONFIRM_KEY_PATTERN.test(p.key) || order.payment_type !== 'COD') {
    throw notFound();
  }
  return order;
}

const byOf = <T extends string>(value: unknown, allowed: readonly T[]): T | null =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : null;

/** What the page shows: the order's pairs and money, where it goes, and where it stands. */
function viewOf(order: StoredDocument, windows: ExpiryWindows): OrderConfirmView {
  const sum = orderSummary(order as unknown as OrderFields);
  return {
    order_number: String(order.order_number),
    order_status: isOrderStatus(order.order_status) ? order.order_status : 'pending',
    payment_type: 'COD',
    lines: sum.lines,
    subtotal: sum.subtotal,
    discount: sum.discount?.amount ?? 0,
    delivery: sum.delivery,
    codFee: sum.codFee,
    total: sum.total,
    collect: sum.collect,
    address: deliveryAddressText(order as unknown as OrderFields),
    expiresAt: expiresAt(order, windows) ?? order.$createdAt,
    confirmed_by: byOf<ConfirmedBy>(order.confirmed_by, ['buyer', 'owner']),
    confirmed_at: typeof order.confirmed_at === 'string' ? order.confirmed_at : null,
    cancelled_by: byOf<CancelledBy>(order.cancelled_by, ['buyer', 'owner', 'expiry']),
    shipped: Boolean(order.tracking_number),
  };
}

/** An order cancelled unconfirmed, or still pending past its window: the link has expired. */
const linkExpired = (order: StoredDocument, windows: ExpiryWindows, now: Date) =>
  isExpired(order, windows, now) ||
  (order.order_status === 'cancelled' && order.cancelled_by === 'expiry');

/**
 * The buyer's confirmation link (docs/shop.md, "The buyer confirms"), no account needed:
 * `GET /v1/shop/confirm?order=&key=` reads the order's summary; `POST` with `action` confirm or
 * cancel changes it, once, while it is pending and its window is open. A wrong link is a 404
 * whichever part is wrong; an expired one a 410; one used after the order moved on (confirmed,
 * cancelled, shipped) a 409 that says where it stands; nothing changes with any of them. Reading
 * and acting are each limited per client address (TRACK_LOOKUPS_PER_HOUR), past which the
 * protocol's 429 answers, so keys (18 random bytes) cannot be guessed.
 */
export function registerConfirmRoute(
  api: FastifyInstance,
  shop: ShopContext,
  events: OrderEvents,
  perHour: number,
) {
  const limited = {
    config: { rateLimits: [{ limit: perHour, period: HOUR, key: ['url', 'ip'] }] },
  };
  const link = { order: text(64), key: text(128) };

  api.get(CONFIRM_API_PATH, limited, async (req) => {
    const p = readParams(input(req), link);
    return shop.databases.transaction(shop.ids.database, async (docs) => {
      const order = await linkedOrder(shop, docs, p, false);
      const windows = await expiryWindows(shop, docs);
      if (linkExpired(order, windows, shop.clock.now())) throw expired();
      return viewOf(order, windows);
    });
  });

  api.post(CONFIRM_API_PATH, limited, async (req) => {
    const p = readParams(input(req), { ...link, action: oneOf(['confirm', 'cancel'] as const) });
    return shop.databases.transaction(shop.ids.database, async (docs, afterCommit) => {
      const order = await linkedOrder(shop, docs, p, true);
      const windows = await expiryWindows(shop, docs);
      const now = shop.clock.now();
      if (linkExpired(order, windows, now)) throw expired();
      const status = isOrderStatus(order.order_status) ? order.order_status : 'pending';
      if (status !== 'pending' || order.tracking_number) {
        throw shopError(
          CONFIRM_ERROR_TYPES.used,
          confirmUsedMessage(status, Boolean(order.tracking_number), {
            confirmed_by: order.confirmed_by,
            cancelled_by: order.cancelled_by,
          }),
        );
      }
      const after = await changeOrderAsServer(
        shop,
        events,
        docs,
        afterCommit,
        order,
        p.action === 'confirm'
          ? { order_status: 'confirmed', confirmed_by: 'buyer', confirmed_at: toIso(now) }
          : { order_status: 'cancelled', cancelled_by: 'buyer' },
      );
      return viewOf(after, windows);
    });
  });
}
