import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { AppError } from '../../protocol/errors.js';
import type { RateLimitStore } from '../../tools/rate-limits.js';
import type { BackendModule } from '../module.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus, ServerEvent } from '../../tools/events.js';
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
  /** The app's rate-limit counters (connections per address). */
  limits: RateLimitStore;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Also told of every event another server process raised (with Redis), after its sockets. */
  onRemote?: (event: ServerEvent) => void;
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
 * GET /realtime (under /v1) as the SDK's websocket (docs/protocol.md §7), fed every event of the
 * app's event bus, plus, with Redis, the events of the other server processes. No tables.
 */
export const realtimeModule: BackendModule<RealtimeDeps, Realtime> = {
  name: 'realtime',
  migrations: {},
  async create(deps) {
    const { config, events, directory, redis, clock, log } = deps;
    const hub = createHub({
      directory,
      connectionsPerIp: config.realtime.connectionsPerIp,
      heartbeatMs: config.realtime.heartbeatMs,
      log: (level, info, message) => log[level](info, message),
    });
    const broker: Broker = redis
      ? await redisBroker({
          publisher: redis,
          channel: config.realtime.redisChannel,
          onRemote: (event) => {
            hub.deliver(event);
            deps.onRemote?.(event);
          },
          log: (err, message) => log.error({ err }, message),
        })
      : localBroker();
    const unsubscribe = events.subscribe((event) => {
      hub.deliver(event);
      broker.share(event);
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
      connectLimits: deps.limits,
      clock,
      log: (info: Record<string, unknown>, message: string) => log.warn(info, message),
    };
    return {
      service: { stats: () => hub.stats() },
      async routes(api) {
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
      },
      async close() {
        unsubscribe();
        await hub.close();
        await broker.close();
      },
    };
  },
};
