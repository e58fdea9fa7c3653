import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ServerEvent } from '../../tools/events.js';

/**
 * How events reach the other server processes. In one process there is nothing to do; with
 * Redis each process publishes what it raised on one pub/sub channel and delivers what the
 * others raised. A process's own messages come back to it and are skipped, since it already
 * delivered them locally.
 */
export interface Broker {
  share(event: ServerEvent): void;
  close(): Promise<void>;
}

export const localBroker = (): Broker => ({
  share: () => undefined,
  close: async () => undefined,
});

interface Envelope {
  from: string;
  event: ServerEvent;
}

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

function readEnvelope(text: string): Envelope | null {
  try {
    const data = JSON.parse(text) as Partial<Envelope>;
    const e = data?.event;
    if (typeof data?.from !== 'string' || !e || typeof e !== 'object') return null;
    if (!isStringList(e.events) || !isStringList(e.channels) || !isStringList(e.audience)) {
      return null;
    }
    if (typeof e.timestamp !== 'string') return null;
    return { from: data.from, event: e };
  } catch {
    return null;
  }
}

export async function redisBroker(options: {
  publisher: Redis;
  channel: string;
  onRemote: (event: ServerEvent) => void;
  log: (err: unknown, message: string) => void;
}): Promise<Broker> {
  const { publisher, channel, onRemote, log } = options;
  const self = randomUUID();
  // A connection in subscriber mode can do nothing else, so it gets its own.
  const subscriber = publisher.duplicate();
  subscriber.on('error', (err) => log(err, 'realtime redis subscriber error'));
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const envelope = readEnvelope(text);
    if (!envelope) {
      log(null, 'realtime: ignored a malformed message from redis');
      return;
    }
    if (envelope.from !== self) onRemote(envelope.event);
  });
  try {
    await subscriber.subscribe(channel);
  } catch (e) {
    subscriber.disconnect();
    throw e;
  }
  return {
    share(event) {
      const envelope: Envelope = { from: self, event };
      publisher
        .publish(channel, JSON.stringify(envelope))
        .catch((err: unknown) => log(err, 'realtime: could not publish to redis'));
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
