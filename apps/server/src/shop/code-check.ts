import { CODE_CHECK_PATH, CODE_MESSAGES } from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import type { RateLimitRule } from '../protocol/caller.js';
import type { ShopContext } from './context.js';
import { codeVerdict } from './discount-codes.js';
import { signInFirst } from './errors.js';

/**
 * The code box's check (D11): a signed-in customer asks whether a welcome code may go on their
 * order before anything is deducted, and hears the same refusal the order would. Codes are 31^8
 * (docs: discount-codes.ts) and a caller gets a few tries: ten per account per ten minutes and
 * thirty per client address an hour, so nobody lists or guesses them. A guest is told to sign
 * in: a code only ever works for the account with its e-mail address.
 */
const CHECK_LIMITS: readonly RateLimitRule[] = [
  { limit: 10, period: 600, key: ['userId'] },
  { limit: 30, period: 3600, key: ['ip'] },
];

export function codeCheckRoute(api: FastifyInstance, shop: ShopContext): void {
  api.get(`${CODE_CHECK_PATH}:code`, { config: { rateLimits: CHECK_LIMITS } }, async (req) => {
    const user = req.caller.user;
    if (!user) throw signInFirst(CODE_MESSAGES.signIn);
    const { code } = req.params as { code: string };
    return shop.databases.transaction(shop.ids.database, (docs) =>
      codeVerdict(shop, docs, user, code, false),
    );
  });
}
