import {
  CHARGES_PATH,
  CONTENT_PATH,
  contentFrom,
  factsOf,
  FACTS_PATH,
  HOLD_LIMIT_PATH,
  SHOP_SETTINGS_ID,
} from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import type { ShopContext } from './context.js';
import { holdLimits, shopSettings } from './order-holds.js';

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
    // The hours too: a bank transfer not paid within them expires (the thanks page says so).
    return { pairs: limits.perCustomer, hours: limits.holdHours };
  });
}

/**
 * What an order pays beyond its pairs (the owner's delivery charge and free-delivery threshold,
 * and the COD fee), and where and up to what total cash on delivery is offered (cod-rules.ts), for
 * the product page, the cart and checkout to say before the order is placed. Anyone may read it;
 * the order's own pricing and rules stay the judge.
 */
export function chargesRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(CHARGES_PATH, async () => {
    const saved = await readSettings(shop);
    return {
      delivery_charge: saved.delivery_charge,
      free_delivery_from: saved.free_delivery_from,
      cod_fee: saved.cod_fee,
      cod_max_value: saved.cod_max_value,
      cod_cities: saved.cod_cities,
    };
  });
}

/**
 * The shop's facts (its name, numbers, e-mail, address, social links, bank and wallet accounts,
 * size exchange days), which every page shows: anyone may read them; the owner changes them in
 * the dashboard.
 */
export function factsRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(FACTS_PATH, async () => factsOf(await readSettings(shop)));
}

/** The owner's settings, read in a transaction of their own. */
export const readSettings = (shop: ShopContext) =>
  shop.databases.transaction(shop.ids.database, (docs) => shopSettings(shop, docs));

/**
 * The storefront's content (the banner's slides, the promo, the logo and size chart), which the
 * home page and every page's header show: anyone may read it; the owner changes it in the
 * dashboard (/dashboard/content).
 */
export function contentRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(CONTENT_PATH, async () => {
    const doc = await shop.databases.transaction(shop.ids.database, (docs) =>
      docs.get(shop.ids.settings, SHOP_SETTINGS_ID),
    );
    return contentFrom(doc?.content);
  });
}
