import { LRUCache } from 'lru-cache';
import type { FileRow } from './records.js';

/**
 * Complete file records read in the last moment, so a burst of downloads/previews of the same
 * file costs one query. Every write to a record forgets it first (`forget`), and an entry lives
 * at most `ttlMs`: that bounds how stale another server process's change can look here.
 */
export class RecentFiles {
  private readonly entries: LRUCache<string, FileRow>;

  constructor(ttlMs = 1000, maxEntries = 1000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs });
  }

  get(bucketId: string, id: string): FileRow | undefined {
    return this.entries.get(`${bucketId}/${id}`);
  }

  /** Remembers a row read just now, unless a write to it started since `readStarted`. */
  set(row: FileRow, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.set(`${row.bucket_id}/${row.id}`, row);
  }

  /** Bumped by every write: a read that overlapped a write is not remembered. */
  generation = 0;

  forget(bucketId: string, id: string): void {
    this.generation++;
    this.entries.delete(`${bucketId}/${id}`);
  }
}
