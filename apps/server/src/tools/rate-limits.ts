import type { Redis } from 'ioredis';

/**
 * Fixed-window counters (docs/protocol.md §9): one counter per key and window. In memory for one
 * process, in Redis when several server processes must share the limits.
 */
export interface RateLimitStore {
  /** Counts one hit unless the limit is reached; returns the count before this hit. */
  hit(key: string, windowStart: number, period: number, limit: number): Promise<number>;
  /** The hits counted so far in this window, without counting one. */
  count(key: string, windowStart: number): Promise<number>;
  close?(): Promise<void>;
}

export function memoryRateLimitStore(): RateLimitStore {
  const counters = new Map<string, { window: number; count: number }>();
  let sweeps = 0;
  return {
    async hit(key, windowStart, _period, limit) {
      // Drop stale windows now and then so memory stays bounded by the active keys.
      if (++sweeps % 1000 === 0) {
        for (const [k, v] of counters) if (v.window < windowStart) counters.delete(k);
      }
      const entry = counters.get(key);
      const current =
        entry && entry.window === windowStart ? entry : { window: windowStart, count: 0 };
      const before = current.count;
      if (before < limit) current.count += 1;
      counters.set(key, current);
      return before;
    },
    async count(key, windowStart) {
      const entry = counters.get(key);
      return entry && entry.window === windowStart ? entry.count : 0;
    },
  };
}

export function redisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowStart, period, limit) {
      const k = `rl:${key}:${windowStart}`;
      // INCR first, then roll back if over the limit so refused requests do not count.
      const after = await redis.incr(k);
      if (after === 1) await redis.expire(k, period + 5);
      if (after > limit) await redis.decr(k);
      return after - 1;
    },
    async count(key, windowStart) {
      return Number((await redis.get(`rl:${key}:${windowStart}`)) ?? 0);
    },
  };
}

/** The app's one store of counters, chosen once: Redis when processes share limits, else memory. */
export const rateLimitStore = (redis: Redis | null): RateLimitStore =>
  redis ? redisRateLimitStore(redis) : memoryRateLimitStore();
