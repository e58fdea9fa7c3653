import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, installDrain } from '../../src/http/drain.js';
import { keptReads } from '../../src/http/kept-reads.js';

/** A server whose one route's answer is kept while `state.current` says so. */
async function keptServer(maxBytes?: number) {
  const app = Fastify({ return503OnClosing: false });
  installDrain(app);
  const kept = keptReads(app, {
    projectId: 'courtside',
    allowedHostnames: ['localhost'],
    headers: { 'X-Content-Type-Options': 'nosniff' },
    maxBytes,
  });
  const state = { current: true, text: '{"n":1}', apiAnswers: 0 };
  app.get('/v1/thing', async (req, reply) => {
    state.apiAnswers++;
    kept.remember(req.raw, async () => (state.current ? state.text : null));
    reply.header('X-Content-Type-Options', 'nosniff').header('Vary', 'Origin');
    return reply.type('application/json; charset=utf-8').send(state.text);
  });
  await app.ready();
  return { app, kept, state };
}

const ask = (app: FastifyInstance, url = '/v1/thing', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'X-Appwrite-Project': 'courtside', ...headers } });

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('kept reads', () => {
  it("answers a guest's repeat with the API's bytes and headers, without the route", async () => {
    const { app, kept, state } = await keptServer();
    running = app;
    const first = await ask(app);
    const second = await ask(app);
    expect(state.apiAnswers).toBe(1);
    expect(kept.stats().served).toBe(1);
    expect(second.body).toBe(first.body);
    const { date: _a, ...apiHeaders } = first.headers;
    const { date: _b, ...keptHeaders } = second.headers;
    expect(keptHeaders).toEqual(apiHeaders);
  });

  it('hands a stale answer, a signed-in caller and another project to the API', async () => {
    const { app, kept, state } = await keptServer();
    running = app;
    await ask(app);
    await ask(app, '/v1/thing', { Cookie: 'a_session_courtside=abc' });
    await ask(app, '/v1/thing', { 'X-Appwrite-Key': 'k' });
    await ask(app, '/v1/thing', { 'X-Appwrite-Project': 'other' });
    expect(state.apiAnswers).toBe(4);
    state.current = false;
    await ask(app);
    expect(kept.stats()).toMatchObject({ served: 0, stale: 1 });
    expect(state.apiAnswers).toBe(5);
  });

  it('closes connections while the server drains', async () => {
    const { app } = await keptServer();
    running = app;
    await ask(app);
    void drain(app, { delayMs: 0, graceMs: 0 }).catch(() => undefined);
    expect((await ask(app)).headers.connection).toBe('close');
  });

  it('holds no more than its bound in bytes, however many addresses a guest asks for', async () => {
    const maxBytes = 20_000;
    const { app, kept } = await keptServer(maxBytes);
    running = app;
    for (let i = 0; i < 500; i++) await ask(app, `/v1/thing?padding=${'x'.repeat(100)}${i}`);
    expect(kept.stats().bytes).toBeGreaterThan(maxBytes / 2);
    expect(kept.stats().bytes).toBeLessThanOrEqual(maxBytes);
    // The oldest addresses were let go: asking again goes to the API; the newest is kept.
    await ask(app, `/v1/thing?padding=${'x'.repeat(100)}0`);
    await ask(app, `/v1/thing?padding=${'x'.repeat(100)}499`);
    expect(kept.stats().served).toBe(1);
  });
});
