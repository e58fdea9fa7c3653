import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryRateLimitStore, redisRateLimitStore } from '../../src/tools/rate-limits.js';

const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

describe.each([
  ['in memory', () => memoryRateLimitStore()],
  ['in Redis', () => redisRateLimitStore(redis)],
])('rate-limit counters %s', (_name, make) => {
  it('count hits up to the limit, and tell the count without adding one', async () => {
    const store = make();
    const key = `test-count|${Math.random()}`;
    expect(await store.count(key, 1000)).toBe(0);
    expect(await store.hit(key, 1000, 60, 2)).toBe(0);
    expect(await store.hit(key, 1000, 60, 2)).toBe(1);
    expect(await store.hit(key, 1000, 60, 2)).toBe(2); // refused: not counted
    expect(await store.count(key, 1000)).toBe(2);
    expect(await store.count(key, 1000)).toBe(2);
    expect(await store.count(key, 1060)).toBe(0); // the next window starts empty
  });
});
