import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Why http/answer-deadline.ts exists beside Fastify's own `handlerTimeout` (Fastify 5.12): over a
 * real connection that option answers a GET whose handler hangs, but never a POST whose body
 * Fastify has read (reading the body switches its timer off; `inject` does not show it). Should
 * a Fastify release answer both, this test fails, and the server's own deadline can give way to
 * the option.
 */
const app = Fastify({ handlerTimeout: 100 });
let base = '';
beforeAll(async () => {
  const never = () => new Promise<never>(() => undefined);
  app.get('/wait', never);
  app.post('/wait', never);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  app.server.closeAllConnections();
  await app.close();
});

const within = (init: RequestInit, ms: number) => {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  return fetch(`${base}/wait`, { ...init, signal: abort.signal })
    .then(
      (res) => res.status,
      () => 'no answer' as const,
    )
    .finally(() => clearTimeout(timer));
};

describe("Fastify's handlerTimeout", () => {
  it('answers a hanging GET', async () => {
    expect(await within({}, 3000)).toBe(503);
  });

  it('never answers a hanging POST whose body was read', async () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect(await within(post, 2000)).toBe('no answer');
  });
});
