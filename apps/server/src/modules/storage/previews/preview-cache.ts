import {
  copyFile,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { PreviewMemory } from './preview-memory.js';

/** Cached previews up to this size are read whole (and kept in memory); larger ones stream. */
const WHOLE_BYTES = 512 * 1024;
/** Another process sharing DATA_DIR writes previews too: its files are counted by a rescan. */
const RESCAN_MS = 5 * 60 * 1000;
/** Recency is written to the file's mtime at most this often, so it survives a restart. */
const TOUCH_DISK_MS = 60 * 60 * 1000;
const PREVIEW_FILE = /^[0-9a-f]{40}\.[a-z]{3,4}$/;

interface Entry {
  size: number;
  /** Last use known to this process (ms); the file's mtime after a scan. */
  used: number;
}

export interface PreviewCacheOptions {
  /** DATA_DIR/storage/previews; entries are `<bucket>/<file>/<key>.<ext>` under it. */
  dir: string;
  maxBytes: number;
  /** A fresh temporary path on the same filesystem (written, then renamed into place). */
  tempFile: () => Promise<string>;
  now?: () => number;
}

/**
 * Rendered previews on disk (and copies of sources fetched from an object store), bounded by total size: least recently used out first, down to 90%
 * of the bound so eviction runs in batches. The hottest small previews also sit in memory (a
 * subset of the disk: what the disk evicts, memory forgets). The index is this process's view,
 * rebuilt from the folder at first use and every few minutes of writes.
 */
export class PreviewCache {
  readonly memory = new PreviewMemory();
  /** Insertion order is recency order: the first entry is the least recently used. */
  private index = new Map<string, Entry>();
  private bytes = 0;
  private lastScan = -Infinity;
  private scanning: Promise<void> | null = null;
  private evicting: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly o: PreviewCacheOptions) {
    this.now = o.now ?? Date.now;
  }

  get figures() {
    return { bytes: this.bytes, entries: this.index.size, maxBytes: this.o.maxBytes };
  }

  /** The preview's bytes from memory or disk, or null. */
  async get(rel: string): Promise<Buffer | Readable | null> {
    const remembered = this.memory.get(rel);
    if (remembered) {
      this.touch(rel, remembered.length);
      return remembered;
    }
    let handle;
    try {
      handle = await open(join(this.o.dir, rel), 'r');
    } catch {
      this.unaccount(rel); // evicted by another process
      return null;
    }
    // Opened first, so an eviction (unlink) from now on cannot cut the answer short.
    try {
      const { size } = await handle.stat();
      this.touch(rel, size);
      // The stream closes the handle when it ends or is destroyed.
      if (size > WHOLE_BYTES) return handle.createReadStream();
      const bytes = await handle.readFile();
      await handle.close();
      this.memory.set(rel, bytes);
      return bytes;
    } catch {
      await handle.close().catch(() => undefined);
      return null;
    }
  }

  async put(rel: string, bytes: Buffer): Promise<void> {
    await this.scanIfDue();
    const path = join(this.o.dir, rel);
    await mkdir(dirname(path), { recursive: true });
    const tmp = await this.o.tempFile();
    await writeFile(tmp, bytes);
    await rename(tmp, path);
    this.account(rel, bytes.length, this.now());
    this.memory.set(rel, bytes);
    await this.evict();
  }

  /**
   * Keeps a copy of the file at `path` under `rel` (a source fetched from an object store),
   * counted and evicted like a preview; `path` stays the caller's.
   */
  async keepCopy(rel: string, path: string): Promise<void> {
    // One copy larger than a tenth of the cache would push out many previews: not kept.
    const { size } = await stat(path);
    if (size > this.o.maxBytes / 10) return;
    await this.scanIfDue();
    const target = join(this.o.dir, rel);
    await mkdir(dirname(target), { recursive: true });
    const tmp = await this.o.tempFile();
    await link(path, tmp).catch(() => copyFile(path, tmp));
    await rename(tmp, target);
    this.account(rel, size, this.now());
    await this.evict();
  }

  /**
   * Puts the copy kept under `rel` at `path` (a hard link: an eviction from now on leaves the
   * caller's bytes be); false when there is none.
   */
  async linkCopy(rel: string, path: string): Promise<boolean> {
    const kept = join(this.o.dir, rel);
    try {
      await link(kept, path).catch(() => copyFile(kept, path));
      this.touch(rel, (await stat(path)).size);
      return true;
    } catch {
      this.unaccount(rel);
      return false;
    }
  }

  /** Drops one preview (its file and its entries). */
  async remove(rel: string): Promise<void> {
    this.unaccount(rel);
    this.memory.delete(rel);
    await rm(join(this.o.dir, rel), { force: true });
    await rmdir(dirname(join(this.o.dir, rel))).catch(() => undefined);
  }

  /** Forgets the entries under `prefix` (a deleted file's folder, removed by the caller). */
  forget(prefix: string): void {
    for (const rel of [...this.index.keys()]) if (rel.startsWith(prefix)) this.unaccount(rel);
    this.memory.drop(prefix);
  }

  private touch(rel: string, size: number) {
    const entry = this.index.get(rel);
    const now = this.now();
    if (entry && now - entry.used > TOUCH_DISK_MS) {
      const at = new Date(now);
      utimes(join(this.o.dir, rel), at, at).catch(() => undefined);
    }
    this.account(rel, size, now);
  }

  private account(rel: string, size: number, used: number) {
    this.unaccount(rel);
    this.index.set(rel, { size, used });
    this.bytes += size;
  }

  private unaccount(rel: string) {
    const entry = this.index.get(rel);
    if (!entry) return;
    this.index.delete(rel);
    this.bytes -= entry.size;
  }

  private async evict(): Promise<void> {
    if (this.bytes <= this.o.maxBytes) return;
    this.evicting ??= (async () => {
      await this.scanIfDue();
      const target = this.o.maxBytes * 0.9;
      while (this.bytes > target && this.index.size > 0) {
        await this.remove(this.index.keys().next().value!);
      }
    })().finally(() => {
      this.evicting = null;
    });
    return this.evicting;
  }

  private scanIfDue(): Promise<void> {
    if (this.now() - this.lastScan < RESCAN_MS) return Promise.resolve();
    this.scanning ??= this.scan().finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  /** Rebuilds the index from the folder, keeping this process's own recency where newer. */
  private async scan(): Promise<void> {
    const started = this.now();
    this.lastScan = started;
    const found: [string, Entry][] = [];
    const list = (dir: string) =>
      readdir(join(this.o.dir, dir), { withFileTypes: true }).catch(() => []);
    for (const bucket of await list('')) {
      if (!bucket.isDirectory()) continue;
      for (const file of await list(bucket.name)) {
        if (!file.isDirectory()) continue;
        const folder = `${bucket.name}/${file.name}`;
        for (const preview of await list(folder)) {
          if (!PREVIEW_FILE.test(preview.name)) continue;
          const rel = `${folder}/${preview.name}`;
          const s = await stat(join(this.o.dir, rel)).catch(() => null);
          if (!s) continue;
          const known = this.index.get(rel)?.used ?? 0;
          found.push([rel, { size: s.size, used: Math.max(known, s.mtimeMs) }]);
        }
      }
    }
    // Previews written while the folder was being read may have been missed: keep them.
    const seen = new Set(found.map(([rel]) => rel));
    for (const [rel, e] of this.index)
      if (!seen.has(rel) && e.used >= started) found.push([rel, e]);
    found.sort((a, b) => a[1].used - b[1].used);
    this.index = new Map(found);
    this.bytes = found.reduce((sum, [, e]) => sum + e.size, 0);
  }
}
