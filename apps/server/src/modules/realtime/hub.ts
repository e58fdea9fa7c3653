import { GUEST, type Caller } from '../../protocol/caller.js';
import type { ServerEvent } from '../../tools/events.js';
import type { SessionDirectory } from '../account/index.js';
import type { Connection } from './connection.js';
import { CODE, eventFrame } from './protocol.js';

export interface HubDeps {
  directory: Pick<SessionDirectory, 'callersOfSessions'>;
  connectionsPerIp: number;
  heartbeatMs: number;
  log: (level: 'warn' | 'error', info: Record<string, unknown>, message: string) => void;
}

export interface RealtimeStats {
  /** Open sockets on this process. */
  connections: number;
  /** Event frames handed to sockets since start. */
  delivered: number;
  /** Sockets cut off for not reading or not answering pings. */
  dropped: number;
}

export interface Hub {
  /** Registers a socket; false when its address already holds the most allowed. */
  admit(connection: Connection): boolean;
  remove(connection: Connection): void;
  /** Delivers an event (raised here or by another process) to the sockets allowed to see it. */
  deliver(event: ServerEvent): void;
  dropped(): void;
  stats(): RealtimeStats;
  close(): Promise<void>;
}

/** Events waiting for delivery beyond this are refused (logged): the database is too slow. */
const MAX_PENDING = 10_000;

type Send = () => void;

/**
 * The sockets of this process and the delivery of events to them. Who may see an event is
 * decided when it is delivered, per socket: the sessions of the sockets that listen are looked
 * up in one query per event, so a logout, a block or a removed label counts from the next
 * event on. Lookups run concurrently; frames still leave in the order the events came.
 */
export function createHub(deps: HubDeps): Hub {
  const connections = new Set<Connection>();
  const perIp = new Map<string, number>();
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  let delivered = 0;
  let dropped = 0;

  async function plan(event: ServerEvent): Promise<Send> {
    const targets = [...connections]
      .filter((c) => !c.closed && c.listensTo(event.channels))
      .map((connection) => ({ connection, sessionId: connection.sessionId }));
    if (targets.length === 0) return () => undefined;
    const audience = new Set(event.audience);
    const open = audience.has('any');
    let callers = new Map<string, Caller>();
    if (!open) {
      const ids = [...new Set(targets.map((t) => t.sessionId).filter((s) => s !== null))];
      if (ids.length > 0) {
        try {
          callers = await deps.directory.callersOfSessions(ids);
        } catch (err) {
          // Fail closed: without the lookup every socket counts as a guest for this event.
          deps.log('error', { err }, 'realtime: session lookup failed');
        }
      }
    }
    const frame = eventFrame(event);
    const allowed = (sessionId: string | null) => {
      if (open) return true;
      const caller = sessionId ? callers.get(sessionId) : undefined;
      const roles = caller?.user?.status ? caller.roles : GUEST.roles;
      return roles.some((r) => audience.has(r));
    };
    return () => {
      for (const { connection, sessionId } of targets) {
        if (connection.closed || !allowed(sessionId)) continue;
        if (connection.send(frame)) delivered += 1;
      }
    };
  }

  const heartbeat = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        c.drop('no pong');
        continue;
      }
      c.alive = false;
      if (c.socket.readyState === c.socket.OPEN) c.socket.ping();
    }
  }, deps.heartbeatMs);
  heartbeat.unref();

  return {
    admit(connection) {
      const held = perIp.get(connection.ip) ?? 0;
      if (held >= deps.connectionsPerIp) return false;
      perIp.set(connection.ip, held + 1);
      connections.add(connection);
      return true;
    },
    remove(connection) {
      if (!connections.delete(connection)) return;
      const held = (perIp.get(connection.ip) ?? 1) - 1;
      if (held <= 0) perIp.delete(connection.ip);
      else perIp.set(connection.ip, held);
    },
    deliver(event) {
      // No socket to tell (as for most writes): nothing to plan or keep in order.
      if (connections.size === 0) return;
      if (pending >= MAX_PENDING) {
        deps.log('warn', { events: event.events.slice(0, 1) }, 'realtime: event queue full');
        return;
      }
      pending += 1;
      const planned = plan(event);
      tail = tail
        .then(() => planned)
        .then((send) => send())
        .catch((err: unknown) => deps.log('error', { err }, 'realtime: delivery failed'))
        .finally(() => {
          pending -= 1;
        });
    },
    dropped() {
      dropped += 1;
    },
    stats: () => ({ connections: connections.size, delivered, dropped }),
    async close() {
      clearInterval(heartbeat);
      const open = [...connections];
      for (const c of open) c.socket.close(CODE.goingAway, 'Server shutting down');
      // Clients that do not answer the closing handshake quickly are cut off.
      await new Promise((resolve) => setTimeout(resolve, open.length > 0 ? 200 : 0));
      for (const c of open) if (!c.closed) c.socket.terminate();
      await tail;
    },
  };
}
