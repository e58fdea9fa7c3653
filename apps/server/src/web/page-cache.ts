import { LRUCache } from 'lru-cache';
import type { PageRenderer, RenderedPage } from '@courtside/shop/web-page';
import { singleFlight } from '../tools/keyed.js';

export interface PageCacheOptions {
  /** What the pages are built from, as a number that moves with every change to it. */
  version: () => Promise<number>;
  /** Pages kept at most (the least recently used goes first). */
  maxEntries?: number;
  /** A page is rendered again after this long even if `version` has not moved. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  version: number;
  at: number;
  page: RenderedPage;
}

/**
 * Rendered landing pages kept until what they show changes (docs/architecture.md#speed): a page is
 * reused while `version` (the products collection's write count, read once per request) is the one
 * it was rendered at, for `maxAgeMs` at most. Visitors arriving together at a page nobody has asked
 * for since the last change wait for one render between them. A page that could not be rendered
 * (null: the shell) is not kept; if the version cannot be read, every request renders.
 */
export function cachePages(render: PageRenderer, o: PageCacheOptions): PageRenderer {
  const maxEntries = o.maxEntries ?? 200;
  const maxAgeMs = o.maxAgeMs ?? 5 * 60_000;
  const now = o.now ?? Date.now;
  const pages = new LRUCache<string, Entry>({ max: maxEntries });
  const rendering = singleFlight<RenderedPage | null>();

  return async (url) => {
    let version: number;
    try {
      version = await o.version();
    } catch {
      return render(url);
    }
    const kept = pages.get(url);
    if (kept && kept.version === version && now() - kept.at < maxAgeMs) return kept.page;
    return rendering(`${version}\n${url}`, async () => {
      const at = now();
      const page = await render(url);
      if (page) pages.set(url, { version, at, page });
      return page;
    });
  };
}
