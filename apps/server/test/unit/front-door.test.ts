import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, installDrain } from '../../src/http/drain.js';
import { frontDoor } from '../../src/http/front-door.js';
import { loggerOptions } from '../../src/http/logging.js';

interface Line {
  reqId?: string;
  msg: string;
  req?: Record<string, unknown>;
  res?: { statusCode: number };
}

/** A server behind a front door whose one route's answer is kept while `current` says so. */
async function doorServer() {
  const lines: Line[] = [];
  const door = frontDoor({
    projectId: 'courtside',
    allowedHostnames: ['localhost'],
    headers: { 'X-Content-Type-Options': 'nosniff' },
    trustProxy: ['127.0.0.1'],
  });
  const app = Fastify({
    logger: loggerOptions('info', { write: (l) => void lines.push(JSON.parse(l) as Line) }),
    trustProxy: ['127.0.0.1'],
    return503OnClosing: false,
    serverFactory: door.serverFactory,
  });
  door.attach(app);
  installDrain(app);
  const state = { current: true, text: '{"n":1}' };
  app.get('/v1/thing', async (req, reply) => {
    door.remember(req.raw, async () => (state.current ? state.text : null));
    reply.header('X-Content-Type-Options', 'nosniff').header('Vary', 'Origin');
    return reply.type('application/json; charset=utf-8').send(state.text);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, door, lines, state, port };
}

/** An answer's status, `Connection` header and body, read over `agent`. */
const ask = (port: number, agent?: Agent) =>
  new Promise<{ status: number; connection?: string; body: string }>((ok, fail) => {
    const headers = { 'X-Appwrite-Project': 'courtside', 'X-Forwarded-For': '203.0.113.9' };
    get({ host: '127.0.0.1', port, path: '/v1/thing', agent, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () =>
        ok({ status: res.statusCode!, connection: res.headers.connection, body }),
      );
    }).on('error', fail);
  });

let running: FastifyInstance | undefined;
afterEach(async () => {
  running?.server.closeAllConnections();
  await running?.close();
  running = undefined;
});

describe('the front door', () => {
  it('logs the requests it answers as Fastify logs them, client address included', async () => {
    const { app, door, lines, port } = await doorServer();
    running = app;
    expect((await ask(port)).body).toBe('{"n":1}');
    expect((await ask(port)).body).toBe('{"n":1}');
    expect(door.stats().served).toBe(1);
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    const [api, atDoor] = incoming.map(({ req }) => ({ ...req, remotePort: undefined }));
    expect(api).toMatchObject({ method: 'GET', url: '/v1/thing', remoteAddress: '203.0.113.9' });
    expect(atDoor).toEqual(api);
    const done = lines.filter((l) => l.msg === 'request completed');
    expect(done.map((l) => l.res?.statusCode)).toEqual([200, 200]);
    expect(done[1]!.reqId).toBe(incoming[1]!.reqId);
  });

  it('hands a stale answer to the API, and closes connections while the server drains', async () => {
    const { app, door, state, port } = await doorServer();
    running = app;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await ask(port, agent);
    state.current = false;
    state.text = '{"n":2}';
    expect((await ask(port, agent)).body).toBe('{"n":2}');
    expect(door.stats()).toEqual({ served: 0, stale: 1 });
    state.current = true;
    expect(await ask(port, agent)).toMatchObject({ body: '{"n":2}', connection: 'keep-alive' });
    const draining = drain(app, { delayMs: 0, graceMs: 50 });
    expect(await ask(port, agent)).toMatchObject({ body: '{"n":2}', connection: 'close' });
    expect(door.stats().served).toBe(2);
    await draining;
    agent.destroy();
  });
});
