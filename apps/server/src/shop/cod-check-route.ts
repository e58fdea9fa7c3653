import {
  COD_CHECK_PATH,
  normalizePakistaniMobile,
  ORDER_ADDRESS_LIMITS,
  PHONE_MESSAGE,
  type CodVerdict,
} from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import type { RateLimitRule } from '../protocol/caller.js';
import { invalidArgument } from '../protocol/errors.js';
import { integer, optional, readParams, text } from '../protocol/params.js';
import { input } from '../protocol/request.js';
import type { ShopContext } from './context.js';
import { codRefusalFor } from './order-cod.js';
import { shopSettings } from './order-holds.js';

/**
 * Checkout asks as the phone, city and total change, a few times an order; a caller gets sixty
 * answers an hour per client address, so nobody sweeps numbers through it. A blocked and a risky
 * number get the same answer, which says no more than the order itself would.
 */
const COD_CHECK_LIMITS: readonly RateLimitRule[] = [
  { limit: 60, period: 3600, key: ['url', 'ip'] },
];

/**
 * GET /v1/shop/cod-check?phone=&city=&total= (anyone; packages/shop cod-rules.ts): whether cash
 * on delivery is offered for an order of this total (rupees, what the buyer would pay in cash) to
 * this city from this number, under the owner's rules, so checkout greys it out before Place
 * Order. The order's own check (order-rules.ts) stays the judge.
 */
export function codCheckRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(COD_CHECK_PATH, { config: { rateLimits: COD_CHECK_LIMITS } }, async (req) => {
    const p = readParams(input(req), {
      phone: text(32),
      city: optional(text(ORDER_ADDRESS_LIMITS.city, 0), ''),
      total: integer(0, 1_000_000_000),
    });
    const phone = normalizePakistaniMobile(p.phone);
    if (!phone) throw invalidArgument(`Invalid \`phone\` param: ${PHONE_MESSAGE}`);
    return shop.databases.transaction(shop.ids.database, async (docs): Promise<CodVerdict> => {
      const settings = await shopSettings(shop, docs);
      const refusal = await codRefusalFor(
        shop,
        docs,
        { phone, city: p.city, total: p.total },
        settings,
      );
      return refusal ? { cod: false, ...refusal } : { cod: true };
    });
  });
}
