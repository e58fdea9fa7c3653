import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../tools/clock.js';
import { GUEST, type Caller, type RateLimitRule } from '../protocol/caller.js';
import { originHostname } from '../protocol/origins.js';
import { input, projectOf } from '../protocol/request.js';
import { AppError } from '../protocol/errors.js';
import type { RateLimitStore } from '../tools/rate-limits.js';
import { missingScope } from '../protocol/scopes.js';
import { carriedSessionToken, type CarriedToken } from '../protocol/session-token.js';

export interface PipelineDeps {
  projectId: string;
  allowedHostnames: readonly string[];
  rateLimits: boolean;
  rateLimitStore: RateLimitStore;
  clock: Clock;
  /** From the account module: the caller a token or JWT stands for. */
  authenticate(token: CarriedToken | null, jwt: string | null): Promise<Caller>;
  /** From the keys module: the caller an API key stands for (refused when unknown). */
  authenticateKey(secret: string): Promise<Caller>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

/**
 * Counts the request against its route's limits. A key's requests are exempt, as 1.4 exempts its
 * `applications` role: they are neither counted nor refused, and see the headers as they stand.
 */
async function applyRateLimits(req: FastifyRequest, reply: FastifyReply, deps: PipelineDeps) {
  const rules = req.routeOptions.config.rateLimits;
  if (!rules || rules.length === 0) return;
  const exempt = req.caller.key !== null;
  const nowSec = Math.floor(deps.clock.now().getTime() / 1000);
  let tightest: { limit: number; remaining: number; reset: number } | null = null;
  let exceeded = false;
  for (const rule of rules) {
    const windowStart = Math.floor(nowSec / rule.period) * rule.period;
    const counter = rule.shared ?? routeOf(req);
    const key = `${req.method}|${counter}|${rateKey(req, rule)}|${rule.period}`;
    const store = deps.rateLimitStore;
    const before = !deps.rateLimits
      ? 0
      : exempt
        ? await store.count(key, windowStart)
        : await store.hit(key, windowStart, rule.period, rule.limit);
    const remaining = Math.max(0, rule.limit - (before + 1));
    if (before >= rule.limit && !exempt) exceeded = true;
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
 * Who the request stands for (docs/protocol.md §1.6): an API key, or the session a cookie,
 * X-Fallback-Cookies or a JWT carries. A key never rides along with a session: 1.4 would let the
 * session win and drop the key silently; Courtside refuses the request.
 */
async function callerOf(req: FastifyRequest, deps: PipelineDeps): Promise<Caller> {
  const jwtHeader = req.headers['x-appwrite-jwt'];
  const jwt = typeof jwtHeader === 'string' && jwtHeader ? jwtHeader : null;
  const carried = carriedSessionToken(req, deps.projectId);
  const key = req.headers['x-appwrite-key'];
  if (typeof key === 'string' && key) {
    if (carried || jwt) throw new AppError('user_api_key_and_session_set');
    return deps.authenticateKey(key);
  }
  return deps.authenticate(carried, jwt);
}

/**
 * The API's request pipeline, in the order of docs/protocol.md §1.12, so the same mistake always
 * gets the same error: project, caller, origin gate, scope, blocked user, rate limit. Parameter
 * validation follows in each route.
 */
export function registerApiPipeline(api: FastifyInstance, deps: PipelineDeps): void {
  // Fastify wants reference-type decorations to start as null; every request gets its own.
  api.decorateRequest('caller', null as unknown as Caller);
  api.addHook('onRequest', (req, _reply, done) => {
    req.caller = GUEST;
    done();
  });
  api.addHook('preHandler', async (req, reply) => {
    if (req.routeOptions.config.bypassPipeline) return;

    if (projectOf(req) !== deps.projectId) {
      throw new AppError('project_not_found');
    }
    // An unknown route is just that, whoever asks (the not-found handler answers it).
    if (req.is404) return;

    const caller = await callerOf(req, deps);
    // A user's requests carry the client's address; guests stay the one GUEST caller.
    req.caller = caller.user ? { ...caller, ip: req.ip } : caller;

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
    const missing = missingScope(req.caller, scope, {
      projectId: deps.projectId,
      hostname: req.hostname,
    });
    if (missing) throw new AppError('general_unauthorized_scope', missing);
    if (req.caller.user && !req.caller.user.status) {
      throw new AppError('user_blocked');
    }

    await applyRateLimits(req, reply, deps);
  });
}
