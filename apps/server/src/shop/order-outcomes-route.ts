import type { FastifyInstance } from 'fastify';
import {
  lastMonths,
  ORDER_OUTCOMES_PATH,
  OUTCOME_MONTHS_DEFAULT,
  OUTCOME_MONTHS_MAX,
  outcomesByMonth,
  SHOP_UTC_OFFSET_MINUTES,
  type OutcomeOrder,
} from '@courtside/shop';
import { integer, optional, readParams } from '../protocol/params.js';
import { Q } from '../protocol/query-builder.js';
import { toIso } from '../tools/dates.js';
import { requireAdmin, type ShopContext } from './context.js';
import { eachDocument } from './sales.js';

/** The instant the shop's month "2026-06" begins (midnight in Pakistan). */
const monthStart = (month: string) =>
  new Date(Date.parse(`${month}-01T00:00:00.000Z`) - SHOP_UTC_OFFSET_MINUTES * 60_000);

/**
 * GET /v1/shop/order-outcomes?months=6 (admins only): the last months' confirmations by the buyer,
 * cancellations by the buyer, orders expired unconfirmed, and the return rate (packages/shop
 * order-outcomes.ts), counted from the orders placed in those months, read in one transaction.
 */
export function orderOutcomesRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(ORDER_OUTCOMES_PATH, async (req) => {
    requireAdmin(req.caller, shop.ids);
    const p = readParams(req.query, {
      months: optional(integer(1, OUTCOME_MONTHS_MAX), OUTCOME_MONTHS_DEFAULT),
    });
    const months = lastMonths(shop.clock.now(), p.months);
    const since = toIso(monthStart(months[0] as string));
    const orders: OutcomeOrder[] = [];
    await shop.databases.transaction(shop.ids.database, (docs) =>
      eachDocument(docs, shop.ids.orders, [Q.greaterThanEqual('$createdAt', since)], (o) =>
        orders.push(o as unknown as OutcomeOrder),
      ),
    );
    return { months: outcomesByMonth(orders, months) };
  });
}
