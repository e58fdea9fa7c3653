import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAnswerDeadline } from '../../src/http/answer-deadline.js';

const app = Fastify();
installAnswerDeadline(app, 200, '1.4.13');
const never = () => new Promise<never>(() => undefined);
app.get('/stuck', never);
app.post('/stuck', never);
app.get('/slow-but-in-time', async () => {
  await new Promise((r) => setTimeout(r, 100));
  return { ok: true };
});
app.get('/streaming', (_req, reply) => {
  reply.raw.writeHead(200, { 'Content-Type': 'text/plain' });
  reply.raw.write('first part ');
  setTimeout(() => reply.raw.end('and the rest'), 600);
  return reply.hijack();
});

let base = '';
beforeAll(async () => {
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

describe('the answer deadline', () => {
  it('answers 503 in the protocol shape when a GET or a POST handler never answers', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const started = Date.now();
      const res = await fetch(`${base}/stuck`, {
        method,
        ...(method === 'POST'
          ? { body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }
          : {}),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 503,
        type: 'general_server_error',
        version: '1.4.13',
      });
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it('leaves alone an answer given in time and one that is streaming', async () => {
    expect(await (await fetch(`${base}/slow-but-in-time`)).json()).toEqual({ ok: true });
    const streamed = await fetch(`${base}/streaming`);
    expect(streamed.status).toBe(200);
    expect(await streamed.text()).toBe('first part and the rest');
  });
});
