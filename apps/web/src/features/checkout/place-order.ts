import type { Order, SavedAddress } from '@courtside/shop';
import type { CheckoutValues } from '@courtside/shop/validation';
import { paths } from '../../config/routes';

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
  /** The order's id (absent in a state kept by an older page: then its number, which it is). */
  $id?: string;
  order_number: string;
  price: number;
  payment_type: Order['payment_type'];
  products: string[];
  /** The number the shop calls to confirm (absent in a state kept by an older page). */
  phone?: string;
  /** The welcome code and what it took off, the delivery charge paid, the address in parts. */
  code?: string | null;
  discount?: number | null;
  delivery?: number | null;
  address?: string;
  street?: string | null;
  city?: string | null;
  etcaddress?: string | null;
  /** A bank transfer's payment state (payments.ts). */
  payment_state?: Order['payment_state'];
  /** Its confirmation link's key (cash on delivery: order-confirm.ts). */
  confirm_key?: string | null;
}

/** The confirmation of one order: /thanks-for-shopping?order=<id>. */
export const thanksPath = (orderId: string) =>
  `${paths.thanks}?${new URLSearchParams({ order: orderId }).toString()}`;

/** What the confirmation shows of a stored order (read back by id after a reload). */
export function placedOf(order: Order): PlacedOrder {
  return {
    $id: order.$id,
    order_number: order.order_number || order.$id,
    price: order.price,
    payment_type: order.payment_type,
    products: order.products,
    phone: order.phone,
    code: order.code ?? null,
    discount: order.discount ?? null,
    delivery: order.delivery ?? null,
    address: order.address,
    street: order.street ?? null,
    city: order.city ?? null,
    etcaddress: order.etcaddress ?? null,
    payment_state: order.payment_state ?? null,
    confirm_key: order.confirm_key ?? null,
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

/** The order's way on /track, its number and mobile number filled in. */
export const trackPathOf = (orderNumber: string, phone: string) =>
  `${paths.track}?${new URLSearchParams({ order: orderNumber, phone }).toString()}`;
