import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { memoryRateLimitStore, redisRateLimitStore } from '../../http/rate-limit.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus } from '../../tools/events.js';
import type { SessionDirectory } from '../account/index.js';
import { localBroker, redisBroker, type Broker } from './broker.js';
import { createHub, type RealtimeStats } from './hub.js';
import { serveSocket } from './session.js';

export type { RealtimeStats } from './hub.js';

export interface RealtimeDeps {
  config: Pick<Config, 'ids' | 'allowedHostnames' | 'rateLimits' | 'realtime'>;
  events: EventBus;
  /** From the account module: who a token or a session is, now. */
  directory: SessionDirectory;
  /** The app's Redis client (REDIS_URL): events then cross server processes. */
  redis: Redis | null;
  clock: Clock;
}

export interface Realtime {
  stats(): RealtimeStats;
}

/** The biggest frame a client may send; its one message, `authentication`, is well under 1 KiB. */
const MAX_CLIENT_FRAME = 16 * 1024;

/**
 * The WebSocket transport, registered on the root server before any route: every upgrade
 * request is then routed by Fastify, and one answered by an ordinary route has its socket
 * closed after the response (the plugin's onResponse hook), so none lingers.
 */
export async function registerWebSocketTransport(server: FastifyInstance): Promise<void> {
  await server.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME } });
}

/**
 * Mounts GET /realtime (under /v1) as the SDK's websocket (docs/protocol.md §7) and feeds it every
 * event of the app's event bus, plus, with Redis, the events of the other server processes.
 */
export async function registerRealtime(
  api: FastifyInstance,
  deps: RealtimeDeps,
): Promise<Realtime> {
  const { config, events, directory, redis, clock } = deps;
  const hub = createHub({
    directory,
    connectionsPerIp: config.realtime.connectionsPerIp,
    heartbeatMs: config.realtime.heartbeatMs,
    log: (level, info, message) => api.log[level](info, message),
  });
  const broker: Broker = redis
    ? await redisBroker({
        publisher: redis,
        channel: config.realtime.redisChannel,
        onRemote: (event) => hub.deliver(event),
        log: (err, message) => api.log.error({ err }, message),
      })
    : localBroker();
  const unsubscribe = events.subscribe((event) => {
    hub.deliver(event);
    broker.share(event);
  });

  api.addHook('preClose', async () => {
    unsubscribe();
    await hub.close();
    await broker.close();
  });

  const socketDeps = {
    settings: {
      projectId: config.ids.project,
      allowedHostnames: config.allowedHostnames,
      rateLimits: config.rateLimits,
      maxBufferedBytes: config.realtime.maxBufferedBytes,
    },
    hub,
    directory,
    connectLimits: redis ? redisRateLimitStore(redis) : memoryRateLimitStore(),
    clock,
    log: (info: Record<string, unknown>, message: string) => api.log.warn(info, message),
  };
  api.route({
    method: 'GET',
    url: '/realtime',
    config: { bypassPipeline: true },
    handler: async () => {
      throw new AppError(
        'general_route_not_found',
        'The realtime endpoint accepts WebSocket connections only.',
      );
    },
    wsHandler: (socket, req) => serveSocket(socket, req, socketDeps),
  });

  return { stats: () => hub.stats() };
}
