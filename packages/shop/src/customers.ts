import { phoneSearchPart } from './contact.js';
import { customerKey } from './owner-notes.js';
import { orderPairCount } from './order-lines.js';
import { isLiveOrderStatus } from './order-status.js';

/**
 * The shop's customers (the dashboard's Customers): everyone who ordered, with an account or as a
 * guest, one per mobile number (orders follow the number, docs/shop.md §4), with what the owner
 * wants to know of them at a glance. Counted from the orders by the server.
 */

/** Where the dashboard lists them (GET, admins only), under /v1: `?search=&limit=&offset=`. */
export const CUSTOMERS_PATH = '/shop/customers';

/** Customers a page of the list shows, and the most one request may ask for. */
export const CUSTOMERS_PAGE = 25;
export const CUSTOMERS_MAX_LIMIT = 100;

/** What of an order the list is counted from. */
export interface CustomerOrder {
  $id: string;
  $createdAt: string;
  User_name: string;
  phone: string;
  email?: string | null;
  user_id?: string | null;
  price: number;
  products: unknown;
  order_status: string;
  code?: string | null;
}

export interface Customer {
  /** +923XXXXXXXXX, or the number as typed when it is not a Pakistani mobile. */
  phone: string;
  /** As the latest order gives them. */
  name: string;
  email: string;
  /** Their account, when one placed an order (the latest). */
  userId: string | null;
  orders: number;
  pairs: number;
  /** Rupees of the orders that are not cancelled or returned. */
  spent: number;
  firstOrderAt: string;
  lastOrderAt: string;
  delivered: number;
  returned: number;
  cancelled: number;
  subscriber: boolean;
  /** Discount codes their orders used. */
  codes: string[];
}

/** The customers these orders make, the latest to order first. */
export function customersOf(
  orders: readonly CustomerOrder[],
  subscribers: ReadonlySet<string>,
): Customer[] {
  const byPhone = new Map<string, Customer>();
  const sorted = [...orders].sort((a, b) => a.$createdAt.localeCompare(b.$createdAt));
  for (const o of sorted) {
    const phone = customerKey(o.phone) ?? o.phone.trim();
    const c = byPhone.get(phone) ?? {
      phone,
      name: '',
      email: '',
      userId: null,
      orders: 0,
      pairs: 0,
      spent: 0,
      firstOrderAt: o.$createdAt,
      lastOrderAt: o.$createdAt,
      delivered: 0,
      returned: 0,
      cancelled: 0,
      subscriber: false,
      codes: [],
    };
    c.name = o.User_name.trim() || c.name;
    c.email = o.email?.trim() || c.email;
    c.userId = o.user_id || c.userId;
    c.orders += 1;
    c.pairs += orderPairCount(o.products);
    if (isLiveOrderStatus(o.order_status)) c.spent += o.price;
    c.lastOrderAt = o.$createdAt;
    if (o.order_status === 'completed') c.delivered += 1;
    if (o.order_status === 'returned') c.returned += 1;
    if (o.order_status === 'cancelled') c.cancelled += 1;
    if (o.code && !c.codes.includes(o.code)) c.codes.push(o.code);
    byPhone.set(phone, c);
  }
  const list = [...byPhone.values()];
  for (const c of list) c.subscriber = Boolean(c.email) && subscribers.has(c.email.toLowerCase());
  return list.sort((a, b) => b.lastOrderAt.localeCompare(a.lastOrderAt));
}

/**
 * Whether a customer matches what the owner typed: digits (at least 3) are part of the phone,
 * "0301" as its start; anything else is part of the name or the e-mail address.
 */
export function matchesCustomer(c: Customer, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  const digits = term.replace(/[\s\-()]/g, '');
  if (/^\+?\d{3,}$/.test(digits))
    return c.phone.replace(/\D/g, '').includes(phoneSearchPart(digits));
  return c.name.toLowerCase().includes(term) || c.email.toLowerCase().includes(term);
}
