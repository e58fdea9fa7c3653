/**
 * `npm run bench -- storage [seconds-per-window] [pairs] [concurrency]`: throughput of a cached
 * 400 px WebP preview against the same bytes served as a plain static file by the same server,
 * in the same run, in short alternating windows. Prints each side's median requests/second, the
 * ratio of the medians and the median of the paired ratios (target: preview >= 0.5x static).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Keep-alive GETs from `concurrency` loops for `seconds`; returns requests per second. */
async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  concurrency: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let bytes = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { rps: done / elapsed, bytesPerRequest: bytes / Math.max(done, 1) };
}

export default async function storageBench(args: string[]): Promise<void> {
  const seconds = Number(args[0] ?? 0.5);
  const rounds = Number(args[1] ?? 30);
  const concurrency = Number(args[2] ?? 16);
  const dataDir = mkdtempSync(join(tmpdir(), 'courtside-bench-storage-'));
  const webDir = join(dataDir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>');

  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    SEED_DEMO: 'off',
    WEB_DIR: webDir,
  });
  const start = async () => {
    const built = await buildApp(config);
    await built.server.listen({ port: 0, host: '127.0.0.1' });
    const address = built.server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { app: built, origin: `http://127.0.0.1:${port}` };
  };
  let { app, origin } = await start();
  try {
    // A product photo, made here: 1600x1200 JPEG of soft noise (so the preview has real weight).
    const photo = await sharp(randomBytes(400 * 300 * 3), {
      raw: { width: 400, height: 300, channels: 3 },
    })
      .resize(1600, 1200, { kernel: 'cubic' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const bucket = config.ids.bucket;
    const file = await app.storage.createFile(bucket, 'bench-photo', 'photo.jpg', photo, [
      'read("any")',
    ]);

    const previewPath = `/v1/storage/buckets/${bucket}/files/${file.$id}/preview?width=400&output=webp&project=${config.ids.project}`;
    const headers = { 'X-Appwrite-Project': config.ids.project };
    const first = await fetch(origin + previewPath, { headers });
    const webp = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`preview failed: ${first.status} ${webp.toString()}`);
    // The same bytes as a plain static file of the same server: the web app's static files are
    // listed at start, so the server restarts on the same data with the file in place.
    writeFileSync(join(webDir, 'preview-400.webp'), webp);
    await app.server.close();
    ({ app, origin } = await start());
    const previewUrl = origin + previewPath;
    const staticUrl = `${origin}/preview-400.webp`;
    const check = await fetch(staticUrl);
    if (!Buffer.from(await check.arrayBuffer()).equals(webp)) {
      throw new Error('static file differs from the preview');
    }

    console.log(
      `storage bench: ${webp.length}-byte 400px webp preview vs static file; ` +
        `${rounds} alternating window pairs of ${seconds}s, ${concurrency} connections`,
    );
    await load(previewUrl, headers, 1, concurrency); // warm-up
    await load(staticUrl, {}, 1, concurrency);
    // Short alternating windows, so load from other processes hits both sides alike.
    const previews: number[] = [];
    const statics: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const flip = r % 2 === 1;
      const first = await load(
        flip ? staticUrl : previewUrl,
        flip ? {} : headers,
        seconds,
        concurrency,
      );
      const second = await load(
        flip ? previewUrl : staticUrl,
        flip ? headers : {},
        seconds,
        concurrency,
      );
      const [p, s] = flip ? [second, first] : [first, second];
      previews.push(p.rps);
      statics.push(s.rps);
      ratios.push(p.rps / s.rps);
    }
    const mp = median(previews);
    const ms = median(statics);
    console.log(`median cached preview: ${mp.toFixed(0)} req/s`);
    console.log(`median static file:    ${ms.toFixed(0)} req/s`);
    console.log(`ratio of medians:      ${(mp / ms).toFixed(2)}x (target >= 0.5x)`);
    console.log(`median paired ratio:   ${median(ratios).toFixed(2)}x over ${rounds} window pairs`);

    // The server's own cost per request, without sockets (less sensitive to a busy machine).
    const cost = async (url: string, h: Record<string, string>) => {
      const n = 200;
      const t = performance.now();
      for (let i = 0; i < n; i++) await app.server.inject({ url, headers: h });
      return ((performance.now() - t) * 1000) / n;
    };
    const previewCost: number[] = [];
    const staticCost: number[] = [];
    for (let r = 0; r < 10; r++) {
      previewCost.push(await cost(previewPath, headers));
      staticCost.push(await cost('/preview-400.webp', {}));
    }
    const pc = median(previewCost);
    const sc = median(staticCost);
    console.log(
      `in-process cost:       preview ${pc.toFixed(0)} us/req, static ${sc.toFixed(0)} us/req ` +
        `(throughput ratio ${(sc / pc).toFixed(2)}x)`,
    );
  } finally {
    await app.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
