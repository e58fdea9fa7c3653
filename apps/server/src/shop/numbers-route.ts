import {
  NUMBER_MESSAGES,
  NUMBERS_MAX,
  NUMBERS_PATH,
  normalizePakistaniMobile,
  PHONE_MESSAGE,
} from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import { invalidArgument } from '../protocol/errors.js';
import { boolean, readParams, text } from '../protocol/params.js';
import { input } from '../protocol/request.js';
import { requireAdmin, type ShopContext } from './context.js';
import { numberRecord, setBlocked } from './numbers.js';
import { shopSettings } from './order-holds.js';

/** The numbers asked for, each as +923XXXXXXXXX, each once, in the order asked. */
function phonesParam(value: unknown): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    throw invalidArgument('Missing required parameter: "phones"');
  }
  if (list.length > NUMBERS_MAX) throw invalidArgument(NUMBER_MESSAGES.tooMany);
  const phones = list.map((p) => {
    const phone = typeof p === 'string' && p.length <= 32 ? normalizePakistaniMobile(p) : null;
    if (!phone) throw invalidArgument(`Invalid \`phones\` param: ${PHONE_MESSAGE}`);
    return phone;
  });
  return [...new Set(phones)];
}

/**
 * The numbers' records for the dashboard (admins only, packages/shop number-history.ts):
 * GET ?phones[]=... answers each number's history, label, block and changes, all read in one
 * transaction; POST { phone, blocked, reason } blocks or unblocks one, recording who and when, and
 * answers its record.
 */
export function numbersRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(NUMBERS_PATH, async (req) => {
    requireAdmin(req.caller, shop.ids);
    const phones = phonesParam(input(req).phones);
    const numbers = await shop.databases.transaction(shop.ids.database, async (docs) => {
      const rules = await shopSettings(shop, docs);
      const out = [];
      for (const phone of phones) out.push(await numberRecord(shop, docs, phone, rules));
      return out;
    });
    return { numbers };
  });
  api.post(NUMBERS_PATH, async (req) => {
    requireAdmin(req.caller, shop.ids);
    const p = readParams(input(req), { phone: text(32), blocked: boolean() });
    const phone = normalizePakistaniMobile(p.phone);
    if (!phone) throw invalidArgument(`Invalid \`phone\` param: ${PHONE_MESSAGE}`);
    const reason = input(req).reason;
    return shop.databases.transaction(shop.ids.database, async (docs) => {
      await setBlocked(shop, docs, req.caller.user, phone, p.blocked, reason);
      return numberRecord(shop, docs, phone, await shopSettings(shop, docs));
    });
  });
}
