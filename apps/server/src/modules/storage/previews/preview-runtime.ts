import { availableParallelism } from 'node:os';
import { AppError } from '../../../protocol/errors.js';
import type { RateLimitStore } from '../../../tools/rate-limits.js';
import type { Clock } from '../../../tools/clock.js';
import { singleFlight, Slots } from '../../../tools/keyed.js';
import { PreviewCache } from './preview-cache.js';
import { configureSharp } from './preview-render.js';

/** New (uncached) previews one client address may have rendered per minute. */
export const MISSES_PER_MINUTE = 120;
/** Of those, heavy ones (large or costly formats, see HEAVY_WORK). */
export const HEAVY_MISSES_PER_MINUTE = 20;

export const busy = (message: string) => new AppError('general_rate_limit_exceeded', message);

export interface PreviewRuntimeOptions {
  cacheDir: string;
  cacheMaxBytes: number;
  tempFile: () => Promise<string>;
  maxSourcePixels: number;
  clock: Clock;
  /** Per-address limits on cache misses; null leaves them off (RATE_LIMITS=off). */
  rateLimits: RateLimitStore | null;
}

/** The preview side of one storage module: caches, render limits and figures. */
export function previewRuntime(o: PreviewRuntimeOptions) {
  const cores = availableParallelism();
  // One render per core (at most 4), 32 waiting at most 10 s, 20 s per render.
  const slots = Math.max(1, Math.min(cores, 4));
  configureSharp(slots, cores);
  const store = o.rateLimits;
  const limit = async (key: string, max: number) => {
    if (!store) return;
    const now = Math.floor(o.clock.now().getTime() / 1000);
    const window = Math.floor(now / 60) * 60;
    if ((await store.hit(`preview-miss|${key}|60`, window, 60, max)) >= max) {
      throw busy('Too many new previews requested from this address; try again in a minute.');
    }
  };
  return {
    cache: new PreviewCache({ dir: o.cacheDir, maxBytes: o.cacheMaxBytes, tempFile: o.tempFile }),
    /** Concurrent requests for one uncached preview share one render. */
    flights: singleFlight<Buffer>(),
    /** Renders at once (about one per core), with a short queue. */
    slots: new Slots(slots, 32, 10_000, () =>
      busy('The server is busy rendering other previews; try again in a moment.'),
    ),
    /** Counts a cache miss of this client address; throws when it has had its share. */
    async countMiss(ip: string, heavy: boolean): Promise<void> {
      await limit(ip, MISSES_PER_MINUTE);
      if (heavy) await limit(`heavy|${ip}`, HEAVY_MISSES_PER_MINUTE);
    },
    maxSourcePixels: o.maxSourcePixels,
    timeoutSeconds: 20,
    /** Renders started by this process, for tests and health. */
    renders: 0,
  };
}

export type PreviewRuntime = ReturnType<typeof previewRuntime>;
