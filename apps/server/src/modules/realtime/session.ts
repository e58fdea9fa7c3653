import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { originHostname } from '../../protocol/origins.js';
import type { RateLimitStore } from '../../tools/rate-limits.js';
import { carriedSessionToken, type CarriedToken } from '../../protocol/session-token.js';
import type { Clock } from '../../tools/clock.js';
import type { SessionDirectory } from '../account/index.js';
import { Connection } from './connection.js';
import type { Hub } from './hub.js';
import {
  authenticatedFrame,
  CODE,
  connectedFrame,
  errorFrame,
  MAX_CHANNEL_LENGTH,
  MAX_CHANNELS,
  MESSAGES,
  parseClientMessage,
  requestedChannels,
} from './protocol.js';

export interface SocketSettings {
  projectId: string;
  allowedHostnames: readonly string[];
  rateLimits: boolean;
  maxBufferedBytes: number;
}

export interface SocketDeps {
  settings: SocketSettings;
  hub: Hub;
  directory: SessionDirectory;
  connectLimits: RateLimitStore;
  clock: Clock;
  log: (info: Record<string, unknown>, message: string) => void;
}

/** Reference 9: 128 connects a minute per url and address. */
const CONNECT_LIMIT = 128;
const CONNECT_PERIOD = 60;

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as Buffer).toString('utf8');
}

/**
 * One socket from upgrade to close: the checks of docs/protocol.md §7.1 in its order (project,
 * rate, origin, caller, channels), the `connected` frame, then the client's messages one at a time.
 */
export function serveSocket(socket: WebSocket, req: FastifyRequest, deps: SocketDeps): void {
  const { settings, hub, directory, clock } = deps;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const conn = new Connection(
    socket,
    req.ip,
    requestedChannels(query.channels) ?? [],
    settings.maxBufferedBytes,
    (reason) => {
      hub.dropped();
      deps.log({ ip: req.ip, reason }, 'realtime: dropped a client');
    },
  );
  socket.on('close', () => {
    conn.closed = true;
    hub.remove(conn);
  });
  socket.on('pong', () => {
    conn.alive = true;
  });

  const signIn = async (carried: CarriedToken) => {
    const caller = await directory.callerOf(carried);
    if (!caller.user || !caller.user.status || !caller.sessionId) return null;
    const account = await directory.accountOf(caller.user.$id);
    if (!account) return null;
    conn.signIn(caller.sessionId, caller.user.$id);
    return account;
  };

  async function handshake(): Promise<void> {
    if (query.project !== settings.projectId) {
      return refuse(CODE.policyViolation, MESSAGES.unknownProject);
    }
    if (!hub.admit(conn)) return refuse(CODE.tryAgainLater, MESSAGES.tooManyConnections);
    if (settings.rateLimits) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const windowStart = Math.floor(now / CONNECT_PERIOD) * CONNECT_PERIOD;
      // Keyed on the client address only: the Host header is the client's to choose.
      const key = `WS|/v1/realtime|${req.ip}|${CONNECT_PERIOD}`;
      const before = await deps.connectLimits.hit(key, windowStart, CONNECT_PERIOD, CONNECT_LIMIT);
      if (before >= CONNECT_LIMIT) return refuse(CODE.tryAgainLater, MESSAGES.tooManyRequests);
    }
    const host = originHostname(req);
    if (host && !settings.allowedHostnames.includes(host)) {
      return refuse(CODE.policyViolation, MESSAGES.invalidOrigin(host));
    }
    const carried = carriedSessionToken(req, settings.projectId);
    const user = carried ? await signIn(carried) : null;
    const requested = requestedChannels(query.channels);
    if (!requested) return refuse(CODE.policyViolation, MESSAGES.missingChannels);
    if (requested.length > MAX_CHANNELS || requested.some((c) => c.length > MAX_CHANNEL_LENGTH)) {
      return refuse(CODE.policyViolation, MESSAGES.tooManyChannels);
    }
    if (conn.closed) return;
    socket.send(connectedFrame(conn.open(), user));
  }

  function refuse(code: number, message: string): void {
    conn.refuse(code, errorFrame(code, message), message);
  }

  async function handle(data: RawData): Promise<void> {
    if (conn.closed || socket.readyState !== socket.OPEN) return;
    const message = parseClientMessage(text(data));
    if (message.kind === 'invalid') {
      conn.send(errorFrame(CODE.formatInvalid, message.message));
      return;
    }
    const user = await signIn({ token: message.session, via: 'fallback' });
    if (!user) {
      conn.send(errorFrame(CODE.formatInvalid, MESSAGES.sessionInvalid));
      return;
    }
    conn.open();
    conn.send(authenticatedFrame(user));
  }

  const failed = (err: unknown) => {
    deps.log({ err }, 'realtime: socket failed');
    if (!conn.closed) socket.terminate();
  };
  // Messages wait for the handshake and for each other, so replies keep their order.
  let chain = handshake().catch(failed);
  socket.on('message', (data) => {
    conn.alive = true;
    if (!conn.countMessage(clock.now().getTime())) {
      conn.send(errorFrame(CODE.tryAgainLater, MESSAGES.tooManyMessages));
      return;
    }
    chain = chain.then(() => handle(data)).catch(failed);
  });
}
