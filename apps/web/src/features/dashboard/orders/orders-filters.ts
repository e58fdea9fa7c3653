import { Query } from 'appwrite';
import {
  DASHBOARD_ORDERS_PAGE,
  isOrderNumber,
  isOrderStatus,
  isOrderView,
  normalizePakistaniMobile,
  phoneSearchPart,
  type Order,
  type OrderStatus,
  type OrderView,
  type PaymentType,
} from '@courtside/shop';
import { pageParam } from '../paging';

/**
 * The orders list's search, filters and page, kept in the address so the back button steps
 * through them and a filtered list can be reloaded or shared: `?q=0301 2345678&status=pending&
 * payment=COD&page=2`. Values that do not parse are dropped, never an error.
 */
export interface OrdersFilter {
  /** What the owner typed: a customer's name, phone or order number. */
  q: string;
  status: OrderStatus | null;
  payment: PaymentType | null;
  /** One of the views of what needs the owner (order-views.ts). */
  view: OrderView | null;
  /** 1 is the newest page. */
  page: number;
}

export const NO_FILTER: OrdersFilter = {
  q: '',
  status: null,
  payment: null,
  view: null,
  page: 1,
};

const MAX_SEARCH = 100;

export function parseOrdersFilter(params: URLSearchParams): OrdersFilter {
  const status = params.get('status');
  const payment = params.get('payment');
  const view = params.get('view');
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    status: isOrderStatus(status) ? status : null,
    payment: payment === 'COD' || payment === 'Bank' ? payment : null,
    view: isOrderView(view) ? view : null,
    page: pageParam(params.get('page'), DASHBOARD_ORDERS_PAGE),
  };
}

/** The query string for `filter`; what is at its default stays out of the address. */
export function ordersFilterParams(filter: OrdersFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.payment) params.set('payment', filter.payment);
  if (filter.view) params.set('view', filter.view);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export type OrdersSearch =
  | { by: 'number'; value: string }
  | { by: 'phone'; value: string }
  | { by: 'name'; value: string }
  /**
   * Digits that are neither an order number nor a whole mobile number: part of a phone, as it is
   * stored (+923012345678), so "0301" is "92301" and "3012345" stays itself.
   */
  | { by: 'partial-phone'; value: string }
  /** Fewer than PHONE_PART_MIN digits: not searched. */
  | { by: 'too-short'; value: string };

/** The fewest digits a part of a phone is searched with; fewer would match nearly every order. */
export const PHONE_PART_MIN = 3;

/**
 * What a search term looks for: 6 hex characters (with or without "#") are an order number; a
 * Pakistani mobile in any of its forms (also without the leading 0) is a phone, found whole; other
 * digits (at least PHONE_PART_MIN) are part of a phone; anything else is a name, word prefixes.
 */
export function searchOf(q: string): OrdersSearch | null {
  const term = q.trim();
  if (!term) return null;
  const number = term.replace(/^#/, '').toLowerCase();
  if (isOrderNumber(number)) return { by: 'number', value: number };
  const digits = term.replace(/[\s\-()]/g, '');
  const phone = normalizePakistaniMobile(/^3\d{9}$/.test(digits) ? `0${digits}` : digits);
  if (phone) return { by: 'phone', value: phone };
  if (/^\+?\d+$/.test(digits)) {
    return digits.replace(/^\+/, '').length < PHONE_PART_MIN
      ? { by: 'too-short', value: digits }
      : { by: 'partial-phone', value: phoneSearchPart(digits) };
  }
  return { by: 'name', value: term };
}

/**
 * Orders whose phone holds these digits. SDK 13 has no helper for `contains` (docs/protocol.md
 * §5.1), so it is written as the server reads it; the value is digits only, nothing to escape.
 */
const phoneContains = (digits: string) => `contains("phone", ["${digits}"])`;

/** Orders the shop has not finished with: not yet delivered, cancelled or returned. */
const OPEN = Query.equal('order_status', ['pending', 'confirmed']);

/**
 * The queries of a view (order-views.ts); a risky view needs the numbers marked risky or blocked
 * now, and matches nothing without them.
 */
export function viewQueries(view: OrderView, riskyPhones: readonly string[] = []): string[] | null {
  switch (view) {
    case 'awaiting':
      return [Query.equal('order_status', 'pending'), Query.equal('payment_type', 'COD')];
    case 'buyer-confirmed':
      return [Query.equal('order_status', 'confirmed'), Query.equal('confirmed_by', 'buyer')];
    case 'proof':
      return [OPEN, Query.equal('payment_state', 'proof_sent')];
    case 'risky':
      return riskyPhones.length > 0 ? [OPEN, Query.equal('phone', [...riskyPhones])] : null;
  }
}

/**
 * The list queries for one page: the search, then the view and the filters, newest first.
 * Null: nothing can match.
 */
export function ordersQueries(
  filter: OrdersFilter,
  pageSize: number,
  riskyPhones: readonly string[] = [],
): string[] | null {
  const search = searchOf(filter.q);
  if (search?.by === 'too-short') return null;
  const view = filter.view ? viewQueries(filter.view, riskyPhones) : [];
  if (!view) return null;
  const queries: string[] = [...view];
  if (search?.by === 'partial-phone') queries.push(phoneContains(search.value));
  if (search?.by === 'number') queries.push(Query.equal('$id', search.value));
  if (search?.by === 'phone') queries.push(Query.equal('phone', search.value));
  if (search?.by === 'name') queries.push(Query.search('User_name', search.value));
  if (filter.status) queries.push(Query.equal('order_status', filter.status));
  if (filter.payment) queries.push(Query.equal('payment_type', filter.payment));
  queries.push(Query.orderDesc('$createdAt'), Query.limit(pageSize));
  if (filter.page > 1) queries.push(Query.offset((filter.page - 1) * pageSize));
  return queries;
}

/** Whether a new order belongs at the top of this list: its first page, matching the filters. */
export function opensList(filter: OrdersFilter, order: Order): boolean {
  return (
    filter.page === 1 &&
    !filter.q &&
    !filter.view &&
    (!filter.status || order.order_status === filter.status) &&
    (!filter.payment || order.payment_type === filter.payment)
  );
}
