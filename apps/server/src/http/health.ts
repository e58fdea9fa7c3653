import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';
import { isDraining } from './drain.js';

/**
 * For load balancers and monitors (README, "Running more than one server"): `/healthz` answers
 * while the process runs (live); `/readyz` only while the database (and Redis, when configured)
 * answers too, 503 otherwise, so a balancer stops sending requests a process cannot serve.
 */
export function registerHealth(
  server: FastifyInstance,
  deps: { db: Database; redis: Redis | null },
): void {
  server.get('/healthz', async () => ({ status: 'ok' }));
  server.get('/readyz', async (req, reply) => {
    const checks = { database: 'ok', redis: deps.redis ? 'ok' : 'not used' };
    try {
      await deps.db.kysely.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    } catch (err) {
      req.log.warn({ err }, 'readiness: the database does not answer');
      checks.database = 'unreachable';
    }
    if (deps.redis) {
      try {
        await deps.redis.ping();
      } catch (err) {
        req.log.warn({ err }, 'readiness: Redis does not answer');
        checks.redis = 'unreachable';
      }
    }
    const ready = !isDraining(server) && !Object.values(checks).includes('unreachable');
    return reply.code(ready ? 200 : 503).send({
      status: isDraining(server) ? 'stopping' : ready ? 'ready' : 'unavailable',
      ...checks,
    });
  });
}
