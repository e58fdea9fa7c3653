import {
  canMoveOrder,
  checkShipping,
  CONFIRM_BEFORE_SHIPPING_MESSAGE,
  isFinalOrderStatus,
  isOrderStatus,
  ORDER_STATUSES,
  SHOP_MESSAGES,
  shippingLockedMessage,
  transitionMessage,
  type OrderStatus,
  type Shipping,
} from '@courtside/shop';
import type { HookContext, StoredDocument } from '../modules/databases/contract.js';
import { toIso } from '../tools/dates.js';
import { requireAdmin, type ShopContext } from './context.js';
import { shopSettings } from './order-holds.js';
import { shopError } from './errors.js';
import { OWNER_PAYMENT_FIELDS, paymentPatch } from './payment-rules.js';

/**
 * The owner's changes to a placed order (order-rules.ts places it): its status as the state
 * machine allows, its courier and tracking number, its payment, and who confirmed or cancelled.
 */

export const invalid = (message: string) => shopError('shop_order_invalid', message);

/** What the owner alone sets once the order is placed (couriers.ts). */
export const SHIPPING_FIELDS = new Set(['courier', 'tracking_number']);

/** Fields an admin's update may change: the status, the shipping and the payment. */
const OWNER_FIELDS = new Set<string>(['order_status', ...SHIPPING_FIELDS, ...OWNER_PAYMENT_FIELDS]);

/**
 * The courier and tracking number after this patch, checked together (a number needs its
 * courier), the number kept without the spaces the owner typed; {} when the patch leaves both.
 */
function shippingPatch(current: StoredDocument, data: Record<string, unknown>) {
  if (!('courier' in data) && !('tracking_number' in data)) return {};
  const checked = checkShipping({
    courier: 'courier' in data ? data.courier : current.courier,
    tracking_number: 'tracking_number' in data ? data.tracking_number : current.tracking_number,
  });
  if (checked.error !== undefined) throw invalid(checked.error);
  return checked.ok;
}

/**
 * A cancelled or returned order (or one this patch cancels) keeps its courier and tracking
 * number: sending the same values again is fine, changing them is refused.
 */
function refuseClosedShipping(
  current: StoredDocument,
  status: unknown,
  shipping: Partial<Shipping>,
) {
  if (!('courier' in shipping)) return;
  const changes =
    shipping.courier !== (current.courier ?? null) ||
    shipping.tracking_number !== (current.tracking_number ?? null);
  const closed = [current.order_status, status].find(isFinalOrderStatus);
  if (changes && isOrderStatus(closed)) throw invalid(shippingLockedMessage(closed));
}

/**
 * Who the owner's change of status names (order-confirm.ts): confirming is "confirmed by phone",
 * a cancellation is the shop's, and a confirmation undone (back to pending) forgets who confirmed.
 */
function ownerMarks(shop: ShopContext, from: OrderStatus, to: OrderStatus) {
  if (from === to) return {};
  if (to === 'confirmed' && from === 'pending') {
    return { confirmed_by: 'owner', confirmed_at: toIso(shop.clock.now()) };
  }
  if (to === 'pending') return { confirmed_by: null, confirmed_at: null };
  if (to === 'cancelled') return { cancelled_by: 'owner' };
  return {};
}

/**
 * The setting `confirm_before_shipping` (on by default): a cash-on-delivery order that is still
 * pending after this change gets no tracking number; the owner confirms it first (the buyer by
 * the link, or the owner by phone). Completing needs a confirmed order anyway (order-status.ts).
 */
async function refuseUnconfirmedShipping(
  shop: ShopContext,
  ctx: HookContext,
  current: StoredDocument,
  status: OrderStatus,
  shipping: Partial<Shipping>,
) {
  if (current.payment_type !== 'COD' || status !== 'pending') return;
  if (!shipping.tracking_number || shipping.tracking_number === current.tracking_number) return;
  const settings = await shopSettings(shop, ctx.documents);
  if (settings.confirm_before_shipping) throw invalid(CONFIRM_BEFORE_SHIPPING_MESSAGE);
}

/**
 * Order update (D4, D24): admins only, and only the status (as the state machine allows), the
 * courier and the tracking number.
 */
export async function beforeUpdateOrder(
  shop: ShopContext,
  ctx: HookContext,
  current: StoredDocument,
  patch: { data: Record<string, unknown>; permissions: string[] | null },
) {
  requireAdmin(ctx.caller, shop.ids);
  if (patch.permissions !== null) throw invalid(SHOP_MESSAGES.orderStatusOnly);
  for (const [key, value] of Object.entries(patch.data)) {
    if (OWNER_FIELDS.has(key)) continue;
    if (JSON.stringify(current[key]) !== JSON.stringify(value)) {
      throw invalid(SHOP_MESSAGES.orderStatusOnly);
    }
  }
  const shipping = shippingPatch(current, patch.data);
  const status = patch.data.order_status;
  refuseClosedShipping(current, status, shipping);
  const payment = paymentPatch(current, patch.data, shop.clock.now());
  // The stored status, read under the row's lock: of two tabs changing it at once, the second
  // is judged against what the first left.
  const from = isOrderStatus(current.order_status) ? current.order_status : 'pending';
  if (status === undefined) {
    await refuseUnconfirmedShipping(shop, ctx, current, from, shipping);
    return { data: { ...shipping, ...payment }, permissions: null };
  }
  if (!isOrderStatus(status)) {
    throw invalid(`The order status must be one of ${ORDER_STATUSES.join(', ')}`);
  }
  if (!canMoveOrder(from, status)) throw invalid(transitionMessage(from, status));
  await refuseUnconfirmedShipping(shop, ctx, current, status, shipping);
  return {
    data: { order_status: status, ...shipping, ...payment, ...ownerMarks(shop, from, status) },
    permissions: null,
  };
}
