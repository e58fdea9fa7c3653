import {
  composeOrderAddress,
  encodeOrderLines,
  newOrderNumber,
  orderTotal,
  type CartLine,
  type Order,
  type OrderFields,
  type SavedAddress,
} from '@courtside/shop';
import type { CheckoutValues } from '@courtside/shop/validation';
import { ids } from '../../config/env';
import { paths } from '../../config/routes';
import { databases } from '../../lib/appwrite';

/** The order document of docs/shop.md §3 for these cart lines and this (validated) form. */
export function orderData(
  userId: string,
  orderNumber: string,
  lines: readonly CartLine[],
  v: CheckoutValues,
): OrderFields {
  return {
    user_id: userId,
    order_number: orderNumber,
    User_name: `${v.firstname} ${v.lastname}`.trim(),
    address: composeOrderAddress(v),
    phone: v.phone,
    email: v.email,
    price: orderTotal(lines, v.payment),
    payment_type: v.payment,
    order_status: 'pending',
    products: encodeOrderLines(lines),
  };
}

/**
 * Creates the order with its number as the document id (docs/shop.md §7). The server checks and
 * recomputes everything (D4) and may refuse with a message the page shows as it is (D9); it may
 * also give the order another number if this one is taken, so the stored document is returned.
 */
export async function placeOrder(
  userId: string,
  lines: readonly CartLine[],
  values: CheckoutValues,
): Promise<Order> {
  const orderNumber = newOrderNumber();
  return databases.createDocument<Order>(
    ids.database,
    ids.orders,
    orderNumber,
    orderData(userId, orderNumber, lines, values),
  );
}

export function addressOf(v: CheckoutValues): SavedAddress {
  return {
    firstname: v.firstname,
    lastname: v.lastname,
    address: v.address,
    etcaddress: v.etcaddress,
    city: v.city,
    phone: v.phone,
  };
}

/** What the confirmation page shows of the order just placed (passed in the history state). */
export interface PlacedOrder {
  order_number: string;
  price: number;
  payment_type: Order['payment_type'];
  products: string[];
}

/** The confirmation of one order: /thanks-for-shopping?order=<id>. */
export const thanksPath = (orderId: string) =>
  `${paths.thanks}?${new URLSearchParams({ order: orderId }).toString()}`;

/** What the confirmation shows of a stored order (read back by id after a reload). */
export function placedOf(order: Order): PlacedOrder {
  return {
    order_number: order.order_number || order.$id,
    price: order.price,
    payment_type: order.payment_type,
    products: order.products,
  };
}

export function isPlacedOrder(value: unknown): value is PlacedOrder {
  const v = value as Partial<PlacedOrder> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.order_number === 'string' &&
    typeof v.price === 'number' &&
    Array.isArray(v.products)
  );
}
