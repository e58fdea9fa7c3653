import type { FastifyInstance } from 'fastify';
import {
  normalizePakistaniMobile,
  PHONE_MESSAGE,
  SHOP_ERROR_TYPES,
  SHOP_MESSAGES,
  TRACK_API_PATH,
  trackingOf,
  type OrderTracking,
} from '@courtside/shop';
import { invalidArgument } from '../protocol/errors.js';
import { readParams, text } from '../protocol/params.js';
import { input } from '../protocol/request.js';
import type { ShopContext } from './context.js';
import { shopError } from './errors.js';

const HOUR = 3600;

/** An order number as the shop makes them, or an imported order's id: letters and digits. */
const ORDER_NUMBER = /^[A-Za-z0-9]{1,36}$/;

/**
 * The order with this number and mobile number, or null: either wrong is the same. Numbers are
 * printed in capitals (#A4D2DD) and made in small letters: one typed as printed is found too.
 */
async function findTracked(
  shop: ShopContext,
  number: string,
  phone: string,
): Promise<OrderTracking | null> {
  const wanted = ORDER_NUMBER.test(number) ? number : '0';
  const order = await shop.databases.transaction(
    shop.ids.database,
    async (documents) =>
      (await documents.get(shop.ids.orders, wanted)) ??
      (wanted === wanted.toLowerCase()
        ? null
        : documents.get(shop.ids.orders, wanted.toLowerCase())),
  );
  if (!order || order.phone !== phone || !ORDER_NUMBER.test(number)) return null;
  return trackingOf(order);
}

/**
 * GET /v1/shop/track?order=<number>&phone=<mobile> (docs/shop.md §4): an order's way for whoever
 * has its number and the mobile number it was placed with, no account needed. A wrong pair is
 * answered alike whether the order exists or not (the same 404 after the same read), so the
 * lookup tells nobody which numbers are orders; lookups are limited per client address
 * (TRACK_LOOKUPS_PER_HOUR), past which the protocol's 429 answers.
 */
export function registerTrackRoute(api: FastifyInstance, shop: ShopContext, perHour: number) {
  api.get(
    TRACK_API_PATH,
    { config: { rateLimits: [{ limit: perHour, period: HOUR, key: ['url', 'ip'] }] } },
    async (req) => {
      const p = readParams(input(req), { order: text(64), phone: text(32) });
      const phone = normalizePakistaniMobile(p.phone);
      if (!phone) throw invalidArgument(PHONE_MESSAGE);
      const found = await findTracked(shop, p.order.trim(), phone);
      if (!found) throw shopError(SHOP_ERROR_TYPES.trackNotFound, SHOP_MESSAGES.trackNotFound);
      return found;
    },
  );
}
