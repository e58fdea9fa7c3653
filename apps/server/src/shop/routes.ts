import type { FastifyInstance } from 'fastify';
import { codeCheckRoute } from './code-check.js';
import { codCheckRoute } from './cod-check-route.js';
import { customersRoute } from './customers-route.js';
import { numbersRoute } from './numbers-route.js';
import { orderOutcomesRoute } from './order-outcomes-route.js';
import type { ShopContext } from './context.js';
import {
  chargesRoute,
  contentRoute,
  factsRoute,
  holdLimitRoute,
} from './public-settings-routes.js';
import { paymentProofRoute } from './payment-proof-route.js';
import { registerTrackRoute } from './track-route.js';
import { registerConfirmRoute } from './confirm-route.js';
import type { OrderEvents } from './order-rules.js';

/** The shop's own routes on the /v1 API, behind the request pipeline like the modules' routes. */
export function shopRoutes(
  shop: ShopContext,
  orderEvents: OrderEvents,
  trackLookupsPerHour: number,
) {
  return async (api: FastifyInstance): Promise<void> => {
    codeCheckRoute(api, shop);
    holdLimitRoute(api, shop);
    chargesRoute(api, shop);
    factsRoute(api, shop);
    contentRoute(api, shop);
    customersRoute(api, shop);
    numbersRoute(api, shop);
    codCheckRoute(api, shop);
    orderOutcomesRoute(api, shop);
    paymentProofRoute(api, shop);
    registerTrackRoute(api, shop, trackLookupsPerHour);
    registerConfirmRoute(api, shop, orderEvents, trackLookupsPerHour);
  };
}
