import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SdkUser } from '../support/sdk.js';
import { sdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import { BUCKET, fileOf, imageBytes, storageWithOwner } from '../support/storage.js';

/**
 * Guests asking for expensive previews (docs/protocol.md#previews): huge declared dimensions,
 * enlarged and rotated 4000 px renders, costly formats, all at once. Every answer is a protocol
 * answer, and the process's memory and the time stay bounded. This file runs alone in its worker,
 * so the process's RSS is the server's.
 */
let server: TestServer;
let admin: SdkUser;
const ids: Record<string, string> = {};

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3060c0' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
  const files: [string, Buffer, string][] = [
    ['huge', await solidPng(7000, 7000), 'huge.png'], // 49 MP: stored, but not previewed
    ['big', await solidPng(6000, 6000), 'big.png'], // 36 MP
    ['photo', await imageBytes(800, 600, 'jpeg'), 'photo.jpg'],
  ];
  for (const [name, bytes, fileName] of files) {
    const f = await admin.storage.createFile(BUCKET, 'unique()', fileOf(bytes, fileName), [
      'read("any")',
    ]);
    ids[name] = f.$id;
  }
});
afterAll(() => server.close());

type Ask = Record<string, string | number>;

async function ask(file: string, q: Ask) {
  const query = new URLSearchParams({ project: 'courtside' });
  for (const [k, v] of Object.entries(q)) query.set(k, String(v));
  const res = await fetch(
    `${server.endpoint}/storage/buckets/${BUCKET}/files/${ids[file]}/preview?${query}`,
  );
  const bytes = Buffer.from(await res.arrayBuffer());
  const body =
    res.status === 200 ? null : (JSON.parse(bytes.toString()) as Record<string, unknown>);
  const meta = res.status === 200 ? await sharp(bytes).metadata() : null;
  return { status: res.status, body, meta, retryAfter: res.headers.get('retry-after') };
}

/** Samples the process's resident memory until stopped; returns the peak growth in MB. */
function watchMemory() {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return () => {
    clearInterval(timer);
    return (Math.max(peak, process.memoryUsage().rss) - base) / 1e6;
  };
}

describe('expensive previews', () => {
  it('answers a burst of distinct heavy previews with protocol answers, in bounded memory and time', async () => {
    const heavy: [string, Ask, number | null][] = [
      // Over the 40 MP a preview may decode: refused from the header (403).
      ['huge', { width: 400 }, 403],
      ['huge', { quality: 70 }, 403],
      ['huge', { rotation: 45, output: 'webp' }, 403],
      // 36 MP source, 4000 px outputs and effects: rendered, or refused when over the budget.
      ['big', { width: 4000, height: 4000, output: 'webp', quality: 90 }, 200],
      ['big', { output: 'png', opacity: 0.5, borderRadius: 300 }, 200],
      [
        'big',
        {
          width: 4000,
          height: 4000,
          borderWidth: 100,
          borderRadius: 300,
          opacity: 0.7,
          output: 'jpg',
        },
        200,
      ],
      ['big', { width: 4000, height: 4000, rotation: 90, output: 'png' }, 200],
      ['big', { width: 4000, height: 4000, rotation: 45, output: 'jpg' }, 400],
      ['big', { width: 4000, height: 4000, output: 'avif' }, 400],
      ['big', { width: 4000, height: 3000, output: 'gif' }, 400],
      // A small photo enlarged to 4000 px and turned: over the budget.
      ['photo', { width: 4000, height: 4000, rotation: 30, output: 'webp' }, 400],
      ['photo', { width: 4000, height: 4000, rotation: 60, output: 'webp' }, 400],
      ['photo', { width: 4000, height: 4000, rotation: 120, output: 'webp' }, 400],
      ['photo', { width: 4000, height: 4000, output: 'webp', quality: 60 }, 200],
    ];
    const stop = watchMemory();
    const started = performance.now();
    const answers = await Promise.all(heavy.map(([file, q]) => ask(file, q)));
    const seconds = (performance.now() - started) / 1000;
    const grewMb = stop();

    answers.forEach((a, i) => {
      const [file, q, expected] = heavy[i]!;
      const what = `${file} ${JSON.stringify(q)} -> ${a.status} ${JSON.stringify(a.body)}`;
      // 429 is allowed for any of them: a busy server may say so instead of queueing.
      if (a.status === 429) {
        expect(a.body, what).toMatchObject({ type: 'general_rate_limit_exceeded', code: 429 });
        return;
      }
      expect(a.status, what).toBe(expected);
      if (a.status === 403) {
        expect(a.body, what).toMatchObject({
          type: 'storage_invalid_file',
          message: expect.stringMatching(/too large to preview: 7000x7000/),
        });
      }
      if (a.status === 400) {
        expect(a.body, what).toMatchObject({
          type: 'general_argument_invalid',
          message: expect.stringMatching(/^The preview is too large to render/),
        });
      }
    });
    // What rendered has the planned size (a busy server may have turned some away).
    const sizes: [number, object][] = [
      [3, { width: 4000, height: 4000, format: 'webp' }],
      [4, { width: 4000, height: 4000, format: 'png' }],
      [5, { width: 4200, height: 4200, format: 'jpeg' }],
      [6, { width: 4000, height: 4000, format: 'png' }],
      [13, { width: 4000, height: 4000, format: 'webp' }],
    ];
    for (const [i, size] of sizes)
      if (answers[i]!.status === 200) expect(answers[i]!.meta).toMatchObject(size);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(2);
    // Before: the same burst kept gigabytes in raw copies (an OOM kill on a 9999x9999 PNG).
    expect(grewMb, `peak RSS growth ${grewMb.toFixed(0)} MB`).toBeLessThan(700); // measured: about 420 MB
    expect(seconds).toBeLessThan(45);
    const figures = server.app.storage.previewFigures!();
    expect(figures).toMatchObject({ running: 0, queued: 0 });
  });

  it('tells a client to come back when every render slot and queue place is taken', async () => {
    const burst = Array.from({ length: 60 }, (_, i) =>
      ask('photo', { width: 1200 + i, height: 1200, output: 'png' }),
    );
    const answers = await Promise.all(burst);
    const statuses = new Set(answers.map((a) => a.status));
    expect(
      [...statuses].every((s) => s === 200 || s === 429),
      [...statuses].join(),
    ).toBe(true);
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.body).toMatchObject({ type: 'general_rate_limit_exceeded' });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    // A moment later, the same preview renders.
    const again = await ask('photo', {
      width: 1200 + answers.indexOf(busy[0]!),
      height: 1200,
      output: 'png',
    });
    expect(again.status).toBe(200);
  });
});

describe('previews a guest may still have', () => {
  it('renders a plain preview of a large photo after the burst', async () => {
    const guest = sdkUser(server);
    const res = await fetch(guest.storage.getFilePreview(BUCKET, ids.big!, 400));
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      width: 400,
      height: 400,
    });
  });
});
