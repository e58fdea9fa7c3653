import type { FileRow } from './records.js';

/**
 * Complete file records read in the last moment, so a burst of downloads/previews of the same
 * file costs one query. Every write to a record forgets it first (`forget`), and an entry lives
 * at most `ttlMs`: that bounds how stale another server process's change can look here.
 */
export class RecentFiles {
  private readonly entries = new Map<string, { row: FileRow; until: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 1000,
  ) {}

  get(bucketId: string, id: string): FileRow | undefined {
    const key = `${bucketId}/${id}`;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (performance.now() > hit.until) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.row;
  }

  /** Remembers a row read just now, unless a write to it started since `readStarted`. */
  set(row: FileRow, generation: number): void {
    if (generation !== this.generation) return;
    const key = `${row.bucket_id}/${row.id}`;
    this.entries.delete(key);
    this.entries.set(key, { row, until: performance.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Bumped by every write: a read that overlapped a write is not remembered. */
  generation = 0;

  forget(bucketId: string, id: string): void {
    this.generation++;
    this.entries.delete(`${bucketId}/${id}`);
  }
}
