import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';
import type { Config } from '../config.js';
import type { ModuleInstance } from '../modules/module.js';
import type { Clock } from '../tools/clock.js';
import { corsHook } from './cors.js';
import { sendError } from './error-handler.js';
import { AppError } from '../protocol/errors.js';
import { registerHealthApi } from './health.js';
import { registerApiPipeline, type PipelineDeps } from './pipeline.js';
import type { RateLimitStore } from '../tools/rate-limits.js';

export interface ApiDeps {
  config: Readonly<Config>;
  clock: Clock;
  db: Database;
  redis: Redis | null;
  limits: RateLimitStore;
  authenticate: PipelineDeps['authenticate'];
  authenticateKey: PipelineDeps['authenticateKey'];
  /** Each module's routes are mounted in this order. */
  modules: readonly ModuleInstance<unknown>[];
}

/**
 * The /v1 API: CORS, the request pipeline (project, caller, rate limits; docs/protocol.md §1),
 * the modules' routes, and the protocol's answer for a route that does not exist.
 */
export async function mountApi(server: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { config } = deps;
  await server.register(
    async (api) => {
      api.addHook('onRequest', corsHook(config.allowedHostnames));
      registerApiPipeline(api, {
        projectId: config.ids.project,
        allowedHostnames: config.allowedHostnames,
        rateLimits: config.rateLimits,
        rateLimitStore: deps.limits,
        clock: deps.clock,
        authenticate: deps.authenticate,
        authenticateKey: deps.authenticateKey,
      });
      api.setNotFoundHandler((_req, reply) =>
        sendError(reply, new AppError('general_route_not_found'), config.version),
      );
      for (const module of deps.modules) await module.routes(api);
      registerHealthApi(api, { db: deps.db, redis: deps.redis, dataDir: config.dataDir });
    },
    { prefix: '/v1' },
  );
}
