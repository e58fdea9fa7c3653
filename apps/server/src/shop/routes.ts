import type { FastifyInstance } from 'fastify';
import { codeCheckRoute } from './code-check.js';
import type { ShopContext } from './context.js';
import { holdLimitRoute } from './hold-limit-route.js';

/** The shop's own routes on the /v1 API, behind the request pipeline like the modules' routes. */
export function shopRoutes(shop: ShopContext) {
  return async (api: FastifyInstance): Promise<void> => {
    codeCheckRoute(api, shop);
    holdLimitRoute(api, shop);
  };
}
