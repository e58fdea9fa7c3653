import {
  CUSTOMERS_MAX_LIMIT,
  CUSTOMERS_PAGE,
  CUSTOMERS_PATH,
  customersOf,
  matchesCustomer,
  type CustomerOrder,
} from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import { invalidArgument } from '../protocol/errors.js';
import { requireAdmin, type ShopContext } from './context.js';
import { eachDocument } from './sales.js';

/** A whole number from `min` to `max` in a query parameter, else the default; anything else is refused. */
function wholeParam(value: unknown, name: string, min: number, max: number, fallback: number) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < min || n > max) {
    throw invalidArgument(`Invalid \`${name}\` param: a whole number from ${min} to ${max}`);
  }
  return n;
}

/**
 * The dashboard's Customers (admins only): everyone who ordered, one per mobile number, counted
 * from every order in one transaction (packages/shop customers.ts), newest order first, found by
 * part of the name, phone ("0301") or e-mail, a page at a time. A shop run by one person has
 * thousands of orders, not millions: reading them all is a few milliseconds.
 */
export function customersRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(CUSTOMERS_PATH, async (req) => {
    requireAdmin(req.caller, shop.ids);
    const q = req.query as Record<string, unknown>;
    const search = q.search === undefined ? '' : q.search;
    if (typeof search !== 'string' || search.length > 100) {
      throw invalidArgument('Invalid `search` param: text of at most 100 characters');
    }
    const limit = wholeParam(q.limit, 'limit', 1, CUSTOMERS_MAX_LIMIT, CUSTOMERS_PAGE);
    const offset = wholeParam(q.offset, 'offset', 0, 1_000_000, 0);
    const { orders, subscribers } = await shop.databases.transaction(
      shop.ids.database,
      async (docs) => {
        const orders: CustomerOrder[] = [];
        const subscribers = new Set<string>();
        await eachDocument(docs, shop.ids.orders, [], (o) => orders.push(o as never));
        await eachDocument(docs, shop.ids.subscribers, [], (s) =>
          subscribers.add(String(s.email).toLowerCase()),
        );
        return { orders, subscribers };
      },
    );
    const found = customersOf(orders, subscribers).filter((c) => matchesCustomer(c, search));
    return { total: found.length, customers: found.slice(offset, offset + limit) };
  });
}
