import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, installDrain } from '../../src/http/drain.js';

/** A server with a route that answers only when the test opens its gate. */
async function gatedServer() {
  const server = Fastify({ return503OnClosing: false });
  installDrain(server);
  let arrived!: () => void;
  const inside = new Promise<void>((done) => (arrived = done));
  let open!: () => void;
  const gate = new Promise<void>((done) => (open = done));
  server.get('/slow', async () => {
    arrived();
    await gate;
    return { ok: true };
  });
  server.get('/fast', async () => ({ ok: true }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, port: (server.server.address() as AddressInfo).port, inside, open };
}

/** The `Connection` header of an answer, its body read to the end. */
const ask = (agent: Agent, port: number, path: string) =>
  new Promise<string | undefined>((ok, fail) => {
    get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => ok(res.headers.connection));
    }).on('error', fail);
  });

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p.then(() => 'done'), new Promise((r) => setTimeout(() => r('still open'), ms))]);

let running: FastifyInstance | undefined;
afterEach(async () => {
  running?.server.closeAllConnections();
  await running?.close();
  running = undefined;
});

describe('draining', () => {
  it('answers a request on an open keep-alive connection with Connection: close', async () => {
    const { server, port, open } = await gatedServer();
    running = server;
    open();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await ask(agent, port, '/fast')).toBe('keep-alive');
    const draining = drain(server, { delayMs: 0, graceMs: 50 });
    expect(await ask(agent, port, '/fast')).toBe('close');
    await draining;
    expect(await within(2000, server.close())).toBe('done');
    agent.destroy();
  });

  it('closes with its answer a connection whose request was in flight when the drain began, even after the grace', async () => {
    const { server, port, inside, open } = await gatedServer();
    running = server;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answer = ask(agent, port, '/slow');
    await inside;
    await drain(server, { delayMs: 0, graceMs: 50 });
    // The grace is over: what is idle now is closed, and the server waits for the rest.
    const closing = server.close();
    open();
    expect(await answer).toBe('close');
    // Answered keep-alive, the socket would stay open until fastify's 72 s keep-alive timeout.
    expect(await within(2000, closing)).toBe('done');
    agent.destroy();
  });

  it('still accepts and answers new connections for the delay, then refuses them', async () => {
    const { server, port, open } = await gatedServer();
    running = server;
    open();
    const draining = drain(server, { delayMs: 400, graceMs: 50 });
    // A fresh connection each time, as a balancer that has not yet seen /readyz turn 503 opens.
    const fresh = () => ask(new Agent({ keepAlive: false }), port, '/fast');
    expect(await fresh()).toBe('close');
    await new Promise((r) => setTimeout(r, 200));
    expect(await fresh()).toBe('close');
    await draining;
    await expect(fresh()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
