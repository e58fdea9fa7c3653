import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../tools/clock.js';
import { GUEST, type Caller, type RateLimitRule } from './caller.js';
import { originHostname } from './cors.js';
import { AppError } from './errors.js';
import type { RateLimitStore } from './rate-limit.js';
import { carriedSessionToken, type CarriedToken } from './session-token.js';

export interface PipelineDeps {
  projectId: string;
  allowedHostnames: readonly string[];
  rateLimits: boolean;
  rateLimitStore: RateLimitStore;
  clock: Clock;
  /** From the account module: the caller a token or JWT stands for. */
  authenticate(token: CarriedToken | null, jwt: string | null): Promise<Caller>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Request parameters as the protocol reads them: query string for GET, the body otherwise. */
export function input(req: FastifyRequest): Record<string, unknown> {
  const source = req.method === 'GET' || req.method === 'HEAD' ? req.query : req.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
}

export function projectOf(req: FastifyRequest): string | null {
  const header = req.headers['x-appwrite-project'];
  if (typeof header === 'string' && header) return header;
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.project;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromBody = (req.body as Record<string, unknown> | undefined)?.project;
  return typeof fromBody === 'string' && fromBody ? fromBody : null;
}

function chunkIndex(req: FastifyRequest): string {
  const range = req.headers['content-range'];
  const m = typeof range === 'string' ? /(\d+)-(\d+)\/(\d+)/.exec(range) : null;
  if (!m) return '0';
  const size = Number(m[2]) - Number(m[1]) + 1;
  return String(Math.floor(Number(m[1]) / Math.max(size, 1)));
}

/** The route's path template; never the Host header, which the client chooses freely. */
const routeOf = (req: FastifyRequest) => req.routeOptions.url ?? req.url;

function rateKey(req: FastifyRequest, rule: RateLimitRule): string {
  const params = input(req);
  return rule.key
    .map((part) => {
      if (part === 'url') return routeOf(req);
      if (part === 'ip') return req.ip;
      if (part === 'method') return req.method;
      if (part === 'userId') return req.caller.user?.$id ?? '';
      if (part === 'chunkId') return chunkIndex(req);
      if (part.startsWith('param:')) {
        const value = params[part.slice(6)];
        return typeof value === 'string' ? value.toLowerCase() : JSON.stringify(value ?? '');
      }
      return part;
    })
    .join('|');
}

async function applyRateLimits(req: FastifyRequest, reply: FastifyReply, deps: PipelineDeps) {
  const rules = req.routeOptions.config.rateLimits;
  if (!rules || rules.length === 0) return;
  const nowSec = Math.floor(deps.clock.now().getTime() / 1000);
  let tightest: { limit: number; remaining: number; reset: number } | null = null;
  let exceeded = false;
  for (const rule of rules) {
    const windowStart = Math.floor(nowSec / rule.period) * rule.period;
    const counter = rule.shared ?? routeOf(req);
    const key = `${req.method}|${counter}|${rateKey(req, rule)}|${rule.period}`;
    const before = deps.rateLimits
      ? await deps.rateLimitStore.hit(key, windowStart, rule.period, rule.limit)
      : 0;
    const remaining = Math.max(0, rule.limit - (before + 1));
    if (before >= rule.limit) exceeded = true;
    if (!tightest || remaining < tightest.remaining) {
      tightest = { limit: rule.limit, remaining, reset: windowStart + rule.period };
    }
  }
  if (tightest) {
    reply.header('X-RateLimit-Limit', tightest.limit);
    reply.header('X-RateLimit-Remaining', tightest.remaining);
    reply.header('X-RateLimit-Reset', tightest.reset);
  }
  if (exceeded) throw new AppError('general_rate_limit_exceeded');
}

/**
 * The API's request pipeline, in the order of docs/protocol.md §1.12, so the same mistake always
 * gets the same error: project, caller, origin gate, scope, blocked user, rate limit. Parameter
 * validation follows in each route.
 */
export function registerApiPipeline(api: FastifyInstance, deps: PipelineDeps): void {
  // Fastify wants reference-type decorations to start as null; every request gets its own.
  api.decorateRequest('caller', null as unknown as Caller);
  api.addHook('onRequest', async (req) => {
    req.caller = GUEST;
  });
  api.addHook('preHandler', async (req, reply) => {
    if (req.routeOptions.config.bypassPipeline) return;

    if (projectOf(req) !== deps.projectId) {
      throw new AppError('project_not_found');
    }

    const jwt = req.headers['x-appwrite-jwt'];
    const carried = carriedSessionToken(req, deps.projectId);
    req.caller = await deps.authenticate(carried, typeof jwt === 'string' && jwt ? jwt : null);

    if (WRITE_METHODS.has(req.method)) {
      const host = originHostname(req);
      if (host && !deps.allowedHostnames.includes(host)) {
        throw new AppError(
          'general_unknown_origin',
          `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`,
        );
      }
      // A cross-site form can carry the cookie but cannot add this header: that stops CSRF.
      if (req.caller.via === 'cookie' && !req.headers['x-appwrite-project']) {
        throw new AppError(
          'general_unknown_origin',
          'Requests signed in by cookie must send the X-Appwrite-Project header.',
        );
      }
    }

    const scope = req.routeOptions.config.scope ?? 'public';
    if (scope === 'account' && !req.caller.user) {
      throw new AppError(
        'general_unauthorized_scope',
        'User (role: guests) missing scope (account)',
      );
    }
    if (req.caller.user && !req.caller.user.status) {
      throw new AppError('user_blocked');
    }

    await applyRateLimits(req, reply, deps);
  });
}
