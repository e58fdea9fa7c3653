import { CODE_CHECK_PATH } from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import type { RateLimitRule } from '../protocol/caller.js';
import type { ShopContext } from './context.js';
import { codeVerdict } from './discount-codes.js';

/**
 * The code box's check (D11): a customer asks whether a code may go on their order before
 * anything is deducted, and hears the same refusal the order would, or gets the code's offer. Codes are 31^8
 * (docs: discount-codes.ts) and a caller gets a few tries: ten per account per ten minutes and
 * thirty per client address an hour, so nobody lists or guesses them. A guest may check an
 * owner's code; for a welcome code they are told to sign in: it only ever works for the account
 * with its e-mail address.
 */
const CHECK_LIMITS: readonly RateLimitRule[] = [
  { limit: 10, period: 600, key: ['userId'] },
  { limit: 30, period: 3600, key: ['ip'] },
];

export function codeCheckRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(`${CODE_CHECK_PATH}:code`, { config: { rateLimits: CHECK_LIMITS } }, async (req) => {
    const { code } = req.params as { code: string };
    return shop.databases.transaction(shop.ids.database, (docs) =>
      codeVerdict(shop, docs, req.caller.user ?? null, code, { forUpdate: false }),
    );
  });
}
