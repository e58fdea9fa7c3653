import type { RealtimeResponseEvent } from 'appwrite';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { eventNames } from '../../src/tools/events.js';
import { PROJECT } from './server.js';
import type { SdkUser } from './sdk.js';

/** The SDK's private realtime state (sdk.js `this.realtime`), read to know when it is ready. */
interface SdkRealtime {
  socket?: WebSocket;
  lastMessage?: { type: string; data: Record<string, unknown> };
  reconnect: boolean;
}

export const sdkRealtime = (user: SdkUser) =>
  (user.client as unknown as { realtime: SdkRealtime }).realtime;

export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface Subscription<T = Record<string, unknown>> {
  received: RealtimeResponseEvent<T>[];
  /** The first event (already received or still to come) that matches. */
  next(
    match: (e: RealtimeResponseEvent<T>) => boolean,
    what?: string,
  ): Promise<RealtimeResponseEvent<T>>;
  /** Stops listening and closes the socket without the SDK reconnecting. */
  close(): void;
}

/**
 * `client.subscribe` through the official SDK, resolved once the socket is usable: `connected`
 * for a guest; for a user whose session sits in the fallback cookie, the `authentication`
 * reply the SDK asks for right after `connected`.
 */
export async function subscribe<T = Record<string, unknown>>(
  user: SdkUser,
  channels: string[],
): Promise<Subscription<T>> {
  const received: RealtimeResponseEvent<T>[] = [];
  const unsubscribe = user.client.subscribe<T>(channels, (e) => received.push(e));
  const fallback = JSON.parse(user.client.jar.get('cookieFallback') ?? '{}') as unknown;
  const signedIn = !!fallback && typeof fallback === 'object' && `a_session_${PROJECT}` in fallback;
  const rt = sdkRealtime(user);
  await until(
    () => {
      const last = rt.lastMessage;
      if (!last || rt.socket?.readyState !== 1) return false;
      return signedIn ? last.type === 'response' : last.type === 'connected';
    },
    `realtime ${signedIn ? 'authentication' : 'connection'}`,
  );
  return {
    received,
    async next(match, what = 'a matching event') {
      await until(() => received.some(match), what);
      return received.find(match)!;
    },
    close() {
      unsubscribe();
      rt.reconnect = false;
      rt.socket?.close();
    },
  };
}

/** Payloads of the events received, in order, for compact assertions. */
/** A test file's subscriptions: each kept as it is made, to be closed when the file is done. */
export function listeners() {
  const open: Subscription[] = [];
  return {
    listen: async (user: SdkUser, channels: string[]) => {
      const s = await subscribe(user, channels);
      open.push(s);
      return s;
    },
    /** Closes those made since the `from`-th (a negative one counts from the last): all at first. */
    close: (from = 0) => {
      for (const s of open.splice(from)) s.close();
    },
  };
}

export const payloads = <T>(s: Subscription<T>) => s.received.map((e) => e.payload);

/**
 * Proves an event was NOT delivered: a later marker event on the same path arrives, and order
 * is kept, so anything published before it would have arrived first.
 */
export async function expectNothingBefore<T>(
  s: Subscription<T>,
  isMarker: (e: RealtimeResponseEvent<T>) => boolean,
  forbidden: (e: RealtimeResponseEvent<T>) => boolean,
): Promise<void> {
  await s.next(isMarker, 'the marker event');
  expect(s.received.filter(forbidden)).toEqual([]);
}

/**
 * A synthetic ServerEvent as the databases module raises it (docs/protocol.md §7.3), for the bus.
 */
export function documentEvent(
  ids: { db: string; col: string; doc: string },
  action: 'create' | 'update' | 'delete',
  audience: string[],
  payload: Record<string, unknown> = {},
) {
  const base = `databases.${ids.db}.collections.${ids.col}.documents`;
  return {
    events: eventNames(`databases.[db].collections.[col].documents.[doc].${action}`, ids),
    channels: ['documents', base, `${base}.${ids.doc}`],
    payload: { $id: ids.doc, $databaseId: ids.db, $collectionId: ids.col, ...payload },
    audience,
  };
}

/** A synthetic ServerEvent as the storage module raises it. */
export function fileEvent(
  ids: { bucket: string; file: string },
  action: 'create' | 'update' | 'delete',
  audience: string[],
) {
  return {
    events: eventNames(`buckets.[bucket].files.[file].${action}`, ids),
    channels: ['files', `buckets.${ids.bucket}.files`, `buckets.${ids.bucket}.files.${ids.file}`],
    payload: { $id: ids.file, bucketId: ids.bucket },
    audience,
  };
}

export interface RawSocket {
  ws: WebSocket;
  messages: { type: string; data: Record<string, unknown> }[];
  next(
    type: string,
    what?: string,
    timeoutMs?: number,
  ): Promise<{ type: string; data: Record<string, unknown> }>;
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
}

/** A socket without the SDK, for what the SDK never sends (bad frames, headers, floods). */
export function rawSocket(
  endpoint: string,
  query: string,
  options: { headers?: Record<string, string>; autoPong?: boolean } = {},
): RawSocket {
  const ws = new WebSocket(`${endpoint.replace(/^http/, 'ws')}/realtime?${query}`, {
    headers: options.headers,
    autoPong: options.autoPong ?? true,
  });
  const messages: RawSocket['messages'] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as RawSocket['messages'][0]));
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  let seen = 0;
  return {
    ws,
    messages,
    closed,
    async next(type, what = `a "${type}" message`, timeoutMs) {
      await until(() => messages.slice(seen).some((m) => m.type === type), what, timeoutMs);
      const index = messages.findIndex((m, i) => i >= seen && m.type === type);
      seen = index + 1;
      return messages[index]!;
    },
    send(value) {
      ws.send(typeof value === 'string' ? value : JSON.stringify(value));
    },
  };
}
