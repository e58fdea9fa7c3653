import { LRUCache } from 'lru-cache';

/**
 * The hottest previews kept in memory (bounded by total bytes, least recently used out first),
 * so a cached preview is served without touching the disk. The disk cache stays the truth: what
 * it evicts goes from here too.
 */
export class PreviewMemory {
  private readonly entries: LRUCache<string, Buffer>;

  constructor(maxBytes = 64 * 1024 * 1024, maxEntryBytes = 512 * 1024) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      maxEntrySize: maxEntryBytes,
      sizeCalculation: (value) => Math.max(1, value.length),
    });
  }

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  /** Keeps a preview unless it is too big to be worth memory, or already kept. */
  set(key: string, value: Buffer): void {
    if (!this.entries.has(key)) this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every preview whose key starts with `prefix` (a deleted file's). */
  drop(prefix: string): void {
    for (const key of [...this.entries.keys()])
      if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
