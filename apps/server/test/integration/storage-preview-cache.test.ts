import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { until } from '../support/realtime.js';
import type { TestServer } from '../support/server.js';
import {
  adminUser,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  memoryBlobStore,
  noisePng,
  startStorageServer,
} from '../support/storage.js';

/** Every file under a folder, with its size. */
function filesUnder(dir: string): { path: string; size: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { path, size: statSync(path).size };
    });
}

async function withServer(
  options: Parameters<typeof startStorageServer>[0],
  run: (server: TestServer) => Promise<void>,
) {
  const server = await startStorageServer(options);
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

const previewUrl = (server: TestServer, fileId: string, q: Record<string, string | number>) => {
  const query = new URLSearchParams({ project: 'courtside' });
  for (const [k, v] of Object.entries(q)) query.set(k, String(v));
  return `${server.endpoint}/storage/buckets/${BUCKET}/files/${fileId}/preview?${query}`;
};

async function get(url: string) {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, cache: res.headers.get('x-appwrite-cache'), bytes };
}

describe('the preview disk cache', () => {
  it('stays under PREVIEW_CACHE_MB, least recently used out first', async () => {
    await withServer({ env: { PREVIEW_CACHE_MB: '1' } }, async (server) => {
      const admin = await adminUser(server);
      const noise = await server.app.storage.createFile(
        BUCKET,
        'noise',
        'noise.png',
        await noisePng(600, 600),
        ['read("any")'],
      );
      // Each preview is a 330 px noise PNG of about 300 KB: three fit in 90% of 1 MB, four not in 1 MB.
      const at = (width: number) => previewUrl(server, noise.$id, { width, output: 'png' });
      const dir = join(server.dataDir, 'storage', 'previews');
      const total = () => filesUnder(dir).reduce((s, f) => s + f.size, 0);
      for (const w of [330, 331, 332]) expect((await get(at(w))).cache).toBe('miss');
      expect(filesUnder(dir)).toHaveLength(3);
      expect((await get(at(330))).cache).toBe('hit'); // 330 is now the most recent
      expect((await get(at(333))).cache).toBe('miss');
      expect(total()).toBeLessThanOrEqual(1024 * 1024);
      expect(filesUnder(dir)).toHaveLength(3);
      // 331 was the least recently used: gone from disk and memory, rendered again.
      expect((await get(at(331))).cache).toBe('miss');
      expect((await get(at(330))).cache).toBe('hit');
      expect(total()).toBeLessThanOrEqual(1024 * 1024);
      expect(server.app.storage.previewFigures!().cacheBytes).toBe(total());
      await admin.storage.deleteFile(BUCKET, noise.$id);
      expect(filesUnder(dir)).toEqual([]);
      expect(server.app.storage.previewFigures!()).toMatchObject({
        cacheBytes: 0,
        cacheEntries: 0,
      });
    });
  });

  it('leaves no preview behind when the file is deleted while it renders', async () => {
    await withServer({}, async (server) => {
      const admin = await adminUser(server);
      const file = await server.app.storage.createFile(
        BUCKET,
        'going',
        'going.png',
        await noisePng(1500, 1500),
        ['read("any")'],
      );
      const rendering = get(
        previewUrl(server, file.$id, { width: 2000, height: 2000, output: 'jpg', quality: 90 }),
      );
      const renders = server.app.storage.previewFigures!().renders;
      await until(
        () => server.app.storage.previewFigures!().renders > renders,
        'the render',
        10_000,
      );
      await new Promise((r) => setTimeout(r, 100)); // well inside a render of about a second
      await admin.storage.deleteFile(BUCKET, file.$id);
      expect((await rendering).status).toBe(200);
      const folder = join(server.dataDir, 'storage', 'previews', BUCKET, file.$id);
      expect(filesUnder(folder)).toEqual([]);
      expect(server.app.storage.previewFigures!().cacheEntries).toBe(0);
    });
  });
});

describe('previews from an object store (no local path)', () => {
  it('reads the source through the blob store, and streams large cached previews', async () => {
    const store = memoryBlobStore();
    await withServer({ blobs: store }, async (server) => {
      const admin = await adminUser(server);
      const photo = await imageBytes(800, 600, 'jpeg');
      const file = await admin.storage.createFile(BUCKET, 'unique()', fileOf(photo, 'p.jpg'), [
        'read("any")',
      ]);
      expect(store.objects.get(`${BUCKET}/${file.$id}`)?.equals(photo)).toBe(true);
      expect(existsSync(join(server.dataDir, 'storage', 'files'))).toBe(false);

      const readsBefore = store.reads;
      const small = await get(previewUrl(server, file.$id, { width: 400 }));
      expect(small.status).toBe(200);
      expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 400, height: 300 });
      expect(store.reads).toBe(readsBefore + 1);
      // Another size comes from the copy of the source kept beside the previews.
      const smaller = await get(previewUrl(server, file.$id, { width: 200 }));
      expect(await sharp(smaller.bytes).metadata()).toMatchObject({ width: 200, height: 150 });
      expect(store.reads).toBe(readsBefore + 1);
      const view = await fetchAs(admin, admin.storage.getFileView(BUCKET, file.$id));
      expect(view.bytes.equals(photo)).toBe(true);

      // A large preview (over 512 KB) is streamed from the disk cache, byte for byte.
      const noise = await server.app.storage.createFile(
        BUCKET,
        'noisy',
        'n.png',
        await noisePng(900, 900),
        ['read("any")'],
      );
      const url = previewUrl(server, noise.$id, { output: 'png' });
      const first = await get(url);
      expect(first.bytes.length).toBeGreaterThan(512 * 1024);
      const second = await get(url);
      expect(second).toMatchObject({ status: 200, cache: 'hit' });
      expect(second.bytes.equals(first.bytes)).toBe(true);

      await admin.storage.deleteFile(BUCKET, file.$id);
      expect(store.objects.has(`${BUCKET}/${file.$id}`)).toBe(false);
    });
  });
});

describe('new previews per client address (RATE_LIMITS=on)', () => {
  it('are limited, heavy ones more tightly; cached ones never', { timeout: 90_000 }, async () => {
    // A still clock: the minute's window cannot roll over in the middle of the test.
    const clock = manualClock(new Date('2025-01-01T10:00:10Z'));
    await withServer({ clock, env: { RATE_LIMITS: 'on' } }, async (server) => {
      const file = await server.app.storage.createFile(
        BUCKET,
        'tiny-photo',
        't.png',
        await imageBytes(64, 64),
        ['read("any")'],
      );
      const ask = (q: Record<string, string | number>) => get(previewUrl(server, file.$id, q));
      // Heavy: enlarged to about 2100x2000 WebP (over 8 work each); 20 a minute.
      for (let i = 0; i < 20; i += 4) {
        const batch = [0, 1, 2, 3].map((j) =>
          ask({ width: 2100, height: 2000 - i - j, output: 'webp' }),
        );
        expect((await Promise.all(batch)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
      }
      const heavy = await ask({ width: 2100, height: 1980, output: 'webp' });
      expect(heavy.status).toBe(429);
      expect(JSON.parse(heavy.bytes.toString())).toMatchObject({
        type: 'general_rate_limit_exceeded',
      });
      // Light ones still render, up to 120 new previews a minute in all.
      for (let w = 1; w <= 99; w += 11) {
        const batch = Array.from({ length: 11 }, (_, i) => ask({ width: w + i }));
        expect((await Promise.all(batch)).map((r) => r.status)).toEqual(Array(11).fill(200));
      }
      expect((await ask({ width: 100 })).status).toBe(429);
      // What is cached is served.
      expect(await ask({ width: 1 })).toMatchObject({ status: 200, cache: 'hit' });
      expect(await ask({ width: 2100, height: 2000, output: 'webp' })).toMatchObject({
        status: 200,
        cache: 'hit',
      });
    });
  });
});
