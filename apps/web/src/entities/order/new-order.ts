import {
  composeOrderAddress,
  encodeOrderLines,
  newOrderNumber,
  orderTotal,
  type CartLine,
  type Charges,
  type CodeOffer,
  type Order,
  type OrderFields,
} from '@courtside/shop';
import type { CheckoutValues } from '@courtside/shop/validation';
import { ids } from '../../config/env';
import { databases } from '../../lib/appwrite';

/**
 * The order document of docs/shop.md §3 for these cart lines and this (validated) form, with the
 * address's parts beside the composed line and the code the customer applied, if any.
 */
export function orderData(
  userId: string,
  orderNumber: string,
  lines: readonly CartLine[],
  v: CheckoutValues,
  charges: Charges,
  code: CodeOffer | null = null,
): OrderFields {
  return {
    user_id: userId,
    order_number: orderNumber,
    User_name: `${v.firstname} ${v.lastname}`.trim(),
    address: composeOrderAddress(v),
    street: v.address,
    city: v.city,
    etcaddress: v.etcaddress,
    phone: v.phone,
    // None when left blank: a guest may give only a number.
    ...(v.email ? { email: v.email } : {}),
    price: orderTotal(lines, v.payment, code, charges),
    payment_type: v.payment,
    order_status: 'pending',
    products: encodeOrderLines(lines),
    ...(code ? { code: code.code } : {}),
  };
}

/**
 * Creates the order (docs/shop.md §7). The server checks and recomputes everything (D4) and may
 * refuse with a message the page shows as it is (D9); it chooses the order number itself (the
 * one sent here is ignored), so the stored document is returned and shown.
 */
export async function createOrder(
  userId: string,
  lines: readonly CartLine[],
  values: CheckoutValues,
  charges: Charges,
  code: CodeOffer | null = null,
): Promise<Order> {
  const orderNumber = newOrderNumber();
  return databases.createDocument<Order>(
    ids.database,
    ids.orders,
    orderNumber,
    orderData(userId, orderNumber, lines, values, charges, code),
  );
}
