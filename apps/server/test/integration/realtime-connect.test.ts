import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser, signedInUser } from '../support/sdk.js';
import {
  documentEvent,
  rawSocket,
  sdkRealtime,
  subscribe,
  until,
  type RawSocket,
} from '../support/realtime.js';
import { PROJECT, startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
const open: RawSocket[] = [];
const raw = (...args: Parameters<typeof rawSocket>) => {
  const s = rawSocket(...args);
  open.push(s);
  return s;
};
const channels = (...names: string[]) =>
  names.map((n) => `channels%5B%5D=${encodeURIComponent(n)}`).join('&');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of open) s.ws.terminate();
  await server.close();
});

const ids = { db: 'shop', col: 'products', doc: 'p1' };

describe('realtime: connecting', () => {
  it('greets a guest with its normalised channels and no user', async () => {
    const s = raw(
      server.endpoint,
      `project=${PROJECT}&${channels('files', 'files', 'account', 'account.someone', 'documents')}`,
    );
    const hello = await s.next('connected');
    expect(hello.data).toEqual({ channels: ['files', 'account', 'documents'], user: null });
  });

  it('greets a user signed in by cookie with the account and account.<id>', async () => {
    const user = await signedInUser(server, 'Cookie Person');
    const token = JSON.parse(user.client.jar.get('cookieFallback')!)[`a_session_${PROJECT}`];
    const s = raw(server.endpoint, `project=${PROJECT}&${channels('account')}`, {
      headers: { cookie: `a_session_${PROJECT}_legacy=${encodeURIComponent(token)}` },
    });
    const hello = await s.next('connected');
    expect(hello.data.channels).toEqual(['account', `account.${user.me.$id}`]);
    expect(hello.data.user).toMatchObject({ $id: user.me.$id, name: 'Cookie Person' });
    expect(hello.data.user).not.toHaveProperty('password');
  });

  it('signs the socket in with the SDK\'s "authentication" message (fallback cookie)', async () => {
    const user = await signedInUser(server, 'Fallback Person');
    const sub = await subscribe(user, ['account']);
    const reply = sdkRealtime(user).lastMessage!;
    expect(reply).toEqual({
      type: 'response',
      data: {
        to: 'authentication',
        success: true,
        user: expect.objectContaining({ $id: user.me.$id }),
      },
    });
    await user.account.updateName('Renamed Person');
    const event = await sub.next((e) => e.events.includes(`users.${user.me.$id}.update.name`));
    expect(event.channels).toEqual(['account', `account.${user.me.$id}`]);
    expect(event.payload).toMatchObject({ $id: user.me.$id, name: 'Renamed Person' });
    expect(typeof event.timestamp).toBe('string');
    sub.close();
  });

  it('delivers events with their names, channels, timestamp and payload', async () => {
    const visitor = sdkUser(server);
    const sub = await subscribe(visitor, [`databases.shop.collections.products.documents`]);
    server.app.events.publish(documentEvent(ids, 'update', ['any'], { name: 'Kyrie 9' }));
    const e = await sub.next(() => true);
    expect(e.events).toContain('databases.shop.collections.products.documents.p1.update');
    expect(e.events).toContain('databases.*.collections.*.documents.*.update');
    expect(e.events).toHaveLength(22);
    expect(e.channels).toEqual([
      'documents',
      'databases.shop.collections.products.documents',
      'databases.shop.collections.products.documents.p1',
    ]);
    expect(e.payload).toMatchObject({ $id: 'p1', name: 'Kyrie 9' });
    expect(Date.parse(String(e.timestamp))).not.toBeNaN();
    sub.close();
  });

  it('sends nothing for channels the socket did not ask for', async () => {
    const visitor = sdkUser(server);
    const sub = await subscribe(visitor, ['files']);
    server.app.events.publish(documentEvent(ids, 'create', ['any']));
    server.app.events.publish({
      events: ['buckets.images.files.f1.create'],
      channels: ['files', 'buckets.images.files', 'buckets.images.files.f1'],
      payload: { $id: 'f1' },
      audience: ['any'],
    });
    await sub.next((e) => e.channels.includes('files'));
    expect(sub.received).toHaveLength(1);
    sub.close();
  });
});

describe('realtime: refusals', () => {
  it('closes with 1008 for an unknown project, and the SDK does not reconnect', async () => {
    const stranger = sdkUser(server, 'not-this-shop');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      stranger.client.subscribe('documents', () => undefined);
      const rt = sdkRealtime(stranger);
      await until(() => rt.socket?.readyState === 3, 'the socket to close');
      const first = rt.socket;
      expect(rt.lastMessage).toEqual({
        type: 'error',
        data: { code: 1008, message: 'Missing or unknown project ID' },
      });
      // The SDK retries after 1 s unless the last message was a 1008 error.
      await new Promise((r) => setTimeout(r, 1300));
      expect(rt.socket).toBe(first);
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
  });

  it('closes with 1008 when the project is missing, or channels are', async () => {
    const noProject = raw(server.endpoint, channels('documents'));
    expect(await noProject.next('error')).toEqual({
      type: 'error',
      data: { code: 1008, message: 'Missing or unknown project ID' },
    });
    expect((await noProject.closed).code).toBe(1008);

    const noChannels = raw(server.endpoint, `project=${PROJECT}`);
    expect((await noChannels.next('error')).data).toEqual({
      code: 1008,
      message: 'Missing channels',
    });
    expect((await noChannels.closed).code).toBe(1008);
  });

  it('closes with 1008 for a web origin that is not allowed, accepts allowed ones', async () => {
    const bad = raw(server.endpoint, `project=${PROJECT}&${channels('documents')}`, {
      headers: { origin: 'https://evil.example' },
    });
    expect((await bad.next('error')).data).toEqual({
      code: 1008,
      message:
        'Invalid Origin. Register your new client (evil.example) as a new Web platform on your project console dashboard',
    });
    expect((await bad.closed).code).toBe(1008);

    const good = raw(server.endpoint, `project=${PROJECT}&${channels('documents')}`, {
      headers: { origin: 'http://localhost:5173' },
    });
    await good.next('connected');
  });

  it('answers a plain HTTP GET with the protocol error JSON', async () => {
    const res = await fetch(`${server.endpoint}/realtime?project=${PROJECT}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: 'general_route_not_found', code: 404 });
  });
});

describe('realtime: client messages', () => {
  it('answers bad messages with 1003 errors and keeps the socket open', async () => {
    const s = raw(server.endpoint, `project=${PROJECT}&${channels('account')}`);
    await s.next('connected');
    const cases: [unknown, string][] = [
      ['not json', 'Message format is not valid.'],
      [{ type: 'authentication' }, 'Message format is not valid.'],
      [{ type: 'subscribe', data: {} }, 'Message type is not valid.'],
      [{ type: 'authentication', data: {} }, 'Payload is not valid.'],
      [{ type: 'authentication', data: { session: 'forged' } }, 'Session is not valid.'],
    ];
    for (const [message, expected] of cases) {
      s.send(message);
      expect((await s.next('error')).data).toEqual({ code: 1003, message: expected });
    }
    expect(s.ws.readyState).toBe(s.ws.OPEN);

    const user = await signedInUser(server);
    const token = JSON.parse(user.client.jar.get('cookieFallback')!)[`a_session_${PROJECT}`];
    s.send({ type: 'authentication', data: { session: token } });
    const ok = await s.next('response');
    expect(ok.data).toMatchObject({ to: 'authentication', success: true });
    expect(ok.data.user).toMatchObject({ $id: user.me.$id });
  });

  it('allows 32 messages a minute per socket, then answers 1013 and stays open', async () => {
    const s = raw(server.endpoint, `project=${PROJECT}&${channels('documents')}`);
    await s.next('connected');
    for (let i = 0; i < 33; i++) s.send({ type: 'ping', data: {} });
    await until(() => s.messages.filter((m) => m.type === 'error').length === 33, '33 replies');
    const codes = s.messages.filter((m) => m.type === 'error').map((m) => m.data.code);
    expect(codes.filter((c) => c === 1003)).toHaveLength(32);
    expect(codes.filter((c) => c === 1013)).toHaveLength(1);
    expect(s.messages.find((m) => m.data.code === 1013)!.data.message).toBe('Too many messages.');
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });
});
