import { HOLD_LIMIT_PATH } from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import type { ShopContext } from './context.js';
import { holdLimits } from './order-holds.js';

/**
 * The pairs one customer may hold in orders the shop has not confirmed (docs/limits.md,
 * "Unconfirmed pairs"), for the cart to say the rule before checkout: the owner's setting, else
 * the server's starting value. Anyone may read it; the order's own check stays the judge.
 */
export function holdLimitRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(HOLD_LIMIT_PATH, async () => {
    const limits = await shop.databases.transaction(shop.ids.database, (docs) =>
      holdLimits(shop, docs),
    );
    return { pairs: limits.perCustomer };
  });
}
