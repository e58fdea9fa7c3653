import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';
import { isDraining } from './drain.js';
import { AppError } from '../protocol/errors.js';

/**
 * For load balancers and monitors (README, "Running behind a load balancer"): `/healthz` answers
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

/** One check's answer, as 1.4's HealthStatus model has it. */
async function timed(name: string, check: () => Promise<unknown>) {
  const start = performance.now();
  try {
    await check();
  } catch {
    throw new AppError('general_server_error', `Health check failed: ${name}`);
  }
  return { name, status: 'pass', ping: Math.round(performance.now() - start) };
}

/**
 * The health API of 1.4's server side (docs/protocol.md §3.4), scope `health.read`, which every
 * API key holds: the HTTP server, the database, Redis (cache and pub/sub, when configured) and
 * the file storage. A failing part answers 500, as 1.4 does.
 */
export function registerHealthApi(
  api: FastifyInstance,
  deps: { db: Database; redis: Redis | null; dataDir: string },
): void {
  const config = { scope: 'health.read' } as const;
  const redis = () => deps.redis?.ping() ?? Promise.resolve();
  api.get('/health', { config }, async () => ({ name: 'http', status: 'pass', ping: 0 }));
  // No virus scanner runs here (uploads are judged by their first bytes): 1.4's answer for that.
  api.get('/health/anti-virus', { config }, async () => ({ version: '', status: 'disabled' }));
  api.get('/health/db', { config }, () =>
    timed('database', () => deps.db.kysely.selectNoFrom((eb) => eb.lit(1).as('ok')).execute()),
  );
  api.get('/health/cache', { config }, () => timed('cache', redis));
  api.get('/health/pubsub', { config }, () => timed('pubsub', redis));
  api.get('/health/storage/local', { config }, () =>
    timed('storage', async () => {
      const probe = join(deps.dataDir, `.health-${process.pid}-${Date.now()}`);
      await writeFile(probe, 'ok', { mode: 0o600 });
      await rm(probe);
    }),
  );
}
