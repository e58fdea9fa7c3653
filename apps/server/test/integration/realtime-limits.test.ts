import { createServer, Socket as NetSocket, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sdkUser } from '../support/sdk.js';
import {
  documentEvent,
  rawSocket,
  sdkRealtime,
  subscribe,
  until,
  type RawSocket,
} from '../support/realtime.js';
import { manualClock } from '../../src/tools/clock.js';
import {
  PROJECT,
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../support/server.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function server(
  env: Record<string, string> = {},
  options: Omit<TestServerOptions, 'env'> = {},
): Promise<TestServer> {
  const s = await startTestServer({ ...options, env });
  cleanup.push(() => s.close());
  return s;
}

function socket(s: TestServer, options: Parameters<typeof rawSocket>[2] = {}): RawSocket {
  const r = rawSocket(s.endpoint, `project=${PROJECT}&channels%5B%5D=documents`, options);
  cleanup.push(() => r.ws.terminate());
  return r;
}

const bigEvent = (i: number) =>
  documentEvent({ db: 'shop', col: 'products', doc: `p${i}` }, 'update', ['any'], {
    description: 'x'.repeat(64 * 1024),
  });

describe('realtime limits', () => {
  it('bounds the open sockets per client address (1013, then the socket closes)', async () => {
    const s = await server({ REALTIME_CONNECTIONS_PER_IP: '2' });
    const a = socket(s);
    const b = socket(s);
    await a.next('connected');
    await b.next('connected');
    const c = socket(s);
    expect((await c.next('error')).data).toEqual({
      code: 1013,
      message: 'Too many connections from this address',
    });
    expect((await c.closed).code).toBe(1013);
    a.ws.close();
    await a.closed;
    await until(() => s.app.realtime.stats().connections === 1, 'the server to let go');
    await socket(s).next('connected');
  });

  it('limits connects to 128 a minute per address when rate limits are on', async () => {
    // A still clock: the minute's window cannot roll over between the 128 connects.
    const clock = manualClock(new Date('2025-01-01T10:00:10Z'));
    const s = await server({ RATE_LIMITS: 'on', REALTIME_CONNECTIONS_PER_IP: '1000' }, { clock });
    const sockets = Array.from({ length: 128 }, () => socket(s));
    await Promise.all(sockets.map((r) => r.next('connected', 'connected', 20_000)));
    const refused = socket(s);
    expect((await refused.next('error')).data).toEqual({
      code: 1013,
      message: 'Too many requests',
    });
    expect((await refused.closed).code).toBe(1013);
    // The Host header is the client's to choose: another one is the same address.
    const otherHost = socket(s, { headers: { Host: 'elsewhere.example' } });
    expect((await otherHost.next('error')).data).toEqual({
      code: 1013,
      message: 'Too many requests',
    });
  });

  it('drops a client that stops answering pings, keeps one that answers', async () => {
    const s = await server({ REALTIME_HEARTBEAT_MS: '100' });
    const dead = socket(s, { autoPong: false });
    const alive = socket(s);
    await dead.next('connected');
    await alive.next('connected');
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    await new Promise((r) => setTimeout(r, 300));
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    expect(s.app.realtime.stats()).toMatchObject({ connections: 1, dropped: 1 });
  });

  it('drops a client that does not read instead of buffering for it', async () => {
    const s = await server({ REALTIME_MAX_BUFFER: String(256 * 1024) });
    const slow = socket(s);
    const reader = socket(s);
    await slow.next('connected');
    await reader.next('connected');
    // Stop reading: the kernel buffers fill, then the server's own backlog grows.
    (slow.ws as unknown as { _socket: Socket })._socket.pause();
    for (let i = 0; i < 400; i++) {
      s.app.events.publish(bigEvent(i));
      // One event per turn of the event loop, so the reading client gets to read.
      await new Promise((r) => setImmediate(r));
    }
    await until(() => s.app.realtime.stats().dropped === 1, 'the slow client to be dropped');
    await until(() => reader.messages.length === 401, 'every event at the reading client', 10_000);
    expect(s.app.realtime.stats().connections).toBe(1);
  });
});

describe('realtime reconnects (the SDK side)', () => {
  it('the SDK reconnects after a dropped connection and receives events again', async () => {
    const s = await server();
    // A TCP relay between SDK and server, so the test can cut the line like a network would.
    const target = new URL(s.origin);
    const links = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = new NetSocket();
      upstream.connect(Number(target.port), target.hostname);
      client.pipe(upstream).pipe(client);
      for (const x of [client, upstream]) {
        links.add(x);
        x.on('error', () => undefined);
        x.on('close', () => links.delete(x));
      }
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => relay.close(r)));
    const port = (relay.address() as { port: number }).port;
    const visitor = sdkUser({ endpoint: `http://127.0.0.1:${port}/v1` });
    const original = console.error;
    console.error = () => undefined;
    cleanup.push(() => (console.error = original));

    const sub = await subscribe(visitor, ['documents']);
    cleanup.push(() => sub.close());
    const rt = sdkRealtime(visitor);
    const first = rt.socket;
    for (const link of links) link.destroy();
    await until(() => rt.socket !== first && rt.socket?.readyState === 1, 'a new socket', 5000);
    await until(() => rt.lastMessage?.type === 'connected', 'connected again');
    s.app.events.publish(bigEvent(1));
    await sub.next((e) => (e.payload as { $id: string }).$id === 'p1');
  });
});
