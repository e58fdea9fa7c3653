import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerHealth } from '../../src/http/health.js';

const database = (up: boolean) =>
  ({
    kysely: {
      selectNoFrom: () => ({
        execute: async () => {
          if (!up) throw new Error('connection refused');
          return [{ ok: 1 }];
        },
      }),
    },
  }) as never;

const redis = (up: boolean) =>
  ({
    ping: async () => {
      if (!up) throw new Error('connection refused');
      return 'PONG';
    },
  }) as never;

async function probe(db: never, r: never | null) {
  const app = Fastify();
  registerHealth(app, { db, redis: r });
  const live = await app.inject({ url: '/healthz' });
  const ready = await app.inject({ url: '/readyz' });
  await app.close();
  return { live: [live.statusCode, live.json()], ready: [ready.statusCode, ready.json()] };
}

describe('health and readiness', () => {
  it('is live and ready while the database and Redis answer', async () => {
    expect(await probe(database(true), null)).toEqual({
      live: [200, { status: 'ok' }],
      ready: [200, { status: 'ready', database: 'ok', redis: 'not used' }],
    });
    expect((await probe(database(true), redis(true))).ready).toEqual([
      200,
      { status: 'ready', database: 'ok', redis: 'ok' },
    ]);
  });

  it('stays live but is not ready when the database or Redis does not answer', async () => {
    expect(await probe(database(false), null)).toEqual({
      live: [200, { status: 'ok' }],
      ready: [503, { status: 'unavailable', database: 'unreachable', redis: 'not used' }],
    });
    expect((await probe(database(true), redis(false))).ready).toEqual([
      503,
      { status: 'unavailable', database: 'ok', redis: 'unreachable' },
    ]);
  });
});
