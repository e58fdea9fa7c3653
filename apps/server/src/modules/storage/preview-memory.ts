/**
 * The hottest previews kept in memory (bounded by total bytes, least recently used out first),
 * so a cached preview is served without touching the disk. The disk cache stays the truth: what
 * it evicts goes from here too.
 */
export class PreviewMemory {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntryBytes = 512 * 1024,
  ) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxEntryBytes || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  delete(key: string): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    this.entries.delete(key);
    this.bytes -= hit.length;
  }

  /** Forgets every preview whose key starts with `prefix` (a deleted file's). */
  drop(prefix: string): void {
    for (const [k, v] of this.entries) {
      if (k.startsWith(prefix)) {
        this.entries.delete(k);
        this.bytes -= v.length;
      }
    }
  }
}
