import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../protocol/caller.js';
import type { RequestContext } from './context.js';

export const HOUR = 3600;

/** A rate-limit rule of reference section 9: `n` hits per `period` seconds per key. */
export const limit = (n: number, period: number, ...key: string[]): RateLimitRule => ({
  limit: n,
  period,
  key,
});

/** The same rule on a counter shared by several routes (one action under two paths). */
export const sharedLimit = (name: string, rule: RateLimitRule): RateLimitRule => ({
  ...rule,
  shared: name,
});

export const requestContext = (req: FastifyRequest): RequestContext => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? '',
});

/** The signed-in caller's id; routes with scope `account` always have one. */
export const me = (req: FastifyRequest) => req.caller.user!.$id;
