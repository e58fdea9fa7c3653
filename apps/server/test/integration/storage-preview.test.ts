import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SdkUser } from '../support/sdk.js';
import { sdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import { BUCKET, fetchAs, fileOf, imageBytes, storageWithOwner } from '../support/storage.js';

let server: TestServer;
let admin: SdkUser;
let guest: SdkUser;
let photoId: string;
beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
  guest = sdkUser(server);
  const photo = await admin.storage.createFile(
    BUCKET,
    'unique()',
    fileOf(await imageBytes(800, 600, 'jpeg'), 'shoe.jpg'),
    ['read("any")'],
  );
  photoId = photo.$id;
});
afterAll(() => server.close());

async function previewOf(...args: Parameters<SdkUser['storage']['getFilePreview']>) {
  const { res, bytes } = await fetchAs(guest, guest.storage.getFilePreview(...args));
  const meta = res.status === 200 ? await sharp(bytes).metadata() : null;
  return { res, bytes, meta };
}

describe('previews', () => {
  it('keeps the aspect ratio from a width, in the file own format by default', async () => {
    const { res, meta } = await previewOf(BUCKET, photoId, 400);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });

  it('crops to exactly width x height around the gravity', async () => {
    const left = await previewOf(BUCKET, photoId, 100, 100, 'left', 90, 0, '', 0, 1, 0, '', 'png');
    expect(left.meta).toMatchObject({ format: 'png', width: 100, height: 100 });
    // The image's left half is blue, its right half red: gravity decides which shows.
    const px = async (b: Buffer) => (await sharp(b).removeAlpha().raw().toBuffer())[50 * 3 + 2]!;
    const right = await previewOf(
      BUCKET,
      photoId,
      100,
      100,
      'right',
      90,
      0,
      '',
      0,
      1,
      0,
      '',
      'png',
    );
    expect(await px(left.bytes)).toBeGreaterThan(150);
    expect(await px(right.bytes)).toBeLessThan(150);
  });

  it('renders every output format', async () => {
    for (const [output, format] of [
      ['jpg', 'jpeg'],
      ['jpeg', 'jpeg'],
      ['png', 'png'],
      ['gif', 'gif'],
      ['webp', 'webp'],
      ['avif', 'heif'],
    ] as const) {
      const { res, meta } = await previewOf(
        BUCKET,
        photoId,
        64,
        0,
        undefined,
        60,
        0,
        '',
        0,
        1,
        0,
        '',
        output,
      );
      expect(res.status, output).toBe(200);
      expect(meta?.format, output).toBe(format);
    }
  });

  it('applies border, radius, opacity, rotation and background', async () => {
    const bordered = await previewOf(
      BUCKET,
      photoId,
      100,
      50,
      undefined,
      80,
      10,
      'ff0000',
      0,
      1,
      0,
      '',
      'png',
    );
    expect(bordered.meta).toMatchObject({ width: 120, height: 70 });
    const rounded = await previewOf(
      BUCKET,
      photoId,
      100,
      100,
      undefined,
      80,
      0,
      '',
      50,
      0.5,
      0,
      '',
      'png',
    );
    const corner = await sharp(rounded.bytes).ensureAlpha().raw().toBuffer();
    expect(corner[3]).toBe(0); // the corner is cut away
    const centre = (50 * 100 + 50) * 4 + 3;
    expect(corner[centre]).toBeGreaterThan(100);
    expect(corner[centre]).toBeLessThan(150); // half opacity
    const turned = await previewOf(
      BUCKET,
      photoId,
      200,
      100,
      undefined,
      80,
      0,
      '',
      0,
      1,
      90,
      '00ff00',
      'jpg',
    );
    expect(turned.meta).toMatchObject({ width: 100, height: 200 });
    const negative = await previewOf(
      BUCKET,
      photoId,
      200,
      100,
      undefined,
      80,
      0,
      '',
      0,
      1,
      -270,
      '',
      'jpg',
    );
    expect(negative.meta).toMatchObject({ width: 100, height: 200 });
  });

  it('turns a bordered, rounded, faded picture in one go', async () => {
    const { res, bytes, meta } = await previewOf(
      BUCKET,
      photoId,
      100,
      100,
      undefined,
      80,
      10,
      'ff0000',
      30,
      0.5,
      45,
      '',
      'png',
    );
    expect(res.status).toBe(200);
    // 120x120 turned by 45 degrees: a 170 px square with transparent corners.
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
    expect(Math.abs(meta!.width! - 170)).toBeLessThanOrEqual(1);
    const w = meta!.width!;
    const px = await sharp(bytes).ensureAlpha().raw().toBuffer();
    const at = (x: number, y: number) => [...px.subarray((y * w + x) * 4, (y * w + x) * 4 + 4)];
    expect(at(0, 0)[3]).toBe(0);
    expect(at(w >> 1, 3)[3]).toBe(0); // the rounded corner, now on top, is cut away
    // The middle of each border edge, 55 px from the centre on a diagonal: opaque red.
    const d = Math.round(55 / Math.SQRT2);
    const c = w >> 1;
    for (const [x, y] of [
      [c + d, c - d],
      [c - d, c + d],
    ]) {
      expect(at(x!, y!)).toEqual([255, 0, 0, 255]);
    }
    const centre = at(w >> 1, w >> 1);
    expect(centre[3]).toBeGreaterThan(100); // the picture at half opacity
    expect(centre[3]).toBeLessThan(150);
  });

  it('caches by parameters: ETag, long Cache-Control, 304 on revalidation', async () => {
    const first = await previewOf(BUCKET, photoId, 321);
    expect(first.res.headers.get('x-appwrite-cache')).toBe('miss');
    const second = await previewOf(BUCKET, photoId, 321);
    expect(second.res.headers.get('x-appwrite-cache')).toBe('hit');
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const etag = second.res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(second.res.headers.get('cache-control')).toBe('public, max-age=2592000');
    const again = await fetchAs(guest, guest.storage.getFilePreview(BUCKET, photoId, 321), {
      headers: { 'If-None-Match': etag },
    });
    expect(again.res.status).toBe(304);
    const other = await previewOf(BUCKET, photoId, 322);
    expect(other.res.headers.get('etag')).not.toBe(etag);
  });

  it('renders concurrent requests for one uncached preview once', async () => {
    const before = server.app.storage.previewFigures!().renders;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => previewOf(BUCKET, photoId, 257, 0, undefined, 77)),
    );
    expect(server.app.storage.previewFigures!().renders - before).toBe(1);
    const bodies = new Set(results.map((r) => r.bytes.toString('base64')));
    expect(bodies.size).toBe(1);
    // One render for all; a request the loaded machine delayed past it reads the kept copy.
    const cache = results.map((r) => r.res.headers.get('x-appwrite-cache'));
    expect(cache).toContain('miss');
    expect(cache.every((c) => c === 'miss' || c === 'hit')).toBe(true);
    const again = await previewOf(BUCKET, photoId, 257, 0, undefined, 77);
    expect(again.res.headers.get('x-appwrite-cache')).toBe('hit');
    expect(server.app.storage.previewFigures!().renders - before).toBe(1);
  });

  it('crops around center, top and bottom', async () => {
    // 600x800, the top half green and the bottom half red, shown as 100x133 cropped to 100x50.
    const stripes = await sharp({
      create: { width: 600, height: 800, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: { create: { width: 600, height: 400, channels: 3, background: '#00ff00' } },
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const file = await admin.storage.createFile(BUCKET, 'unique()', fileOf(stripes, 's.png'), [
      'read("any")',
    ]);
    const rows = async (gravity: string) => {
      const { meta, bytes } = await previewOf(
        BUCKET,
        file.$id,
        100,
        50,
        gravity,
        90,
        0,
        '',
        0,
        1,
        0,
        '',
        'png',
      );
      expect(meta, gravity).toMatchObject({ width: 100, height: 50 });
      const px = await sharp(bytes).removeAlpha().raw().toBuffer();
      const green = (row: number) => px[(row * 100 + 50) * 3 + 1]! > 200;
      return { top: green(0), bottom: green(49) };
    };
    expect(await rows('top')).toEqual({ top: true, bottom: true });
    expect(await rows('center')).toEqual({ top: true, bottom: false });
    expect(await rows('bottom')).toEqual({ top: false, bottom: false });
  });

  it('never enlarges a picture asked by one side; gives exactly a box asked by both', async () => {
    const wide = await previewOf(
      BUCKET,
      photoId,
      2000,
      0,
      undefined,
      50,
      0,
      '',
      0,
      1,
      0,
      '',
      'webp',
    );
    expect(wide.meta).toMatchObject({ width: 800, height: 600 });
    const tall = await previewOf(BUCKET, photoId, 0, 1000, undefined, 50);
    expect(tall.meta).toMatchObject({ width: 800, height: 600 });
    const box = await previewOf(BUCKET, photoId, 1200, 1200, 'center', 50);
    expect(box.meta).toMatchObject({ width: 1200, height: 1200 });
  });

  it('refuses a preview that would cost too much, saying what to do', async () => {
    const { res, bytes } = await fetchAs(
      guest,
      guest.storage.getFilePreview(
        BUCKET,
        photoId,
        4000,
        4000,
        undefined,
        50,
        0,
        '',
        0,
        1,
        0,
        '',
        'avif',
      ),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(bytes.toString())).toMatchObject({
      type: 'general_argument_invalid',
      message: expect.stringMatching(
        /too large to render: 4000x4000 pixels as avif.*smaller width or height/,
      ),
    });
  });

  it('refuses sizes above the maximum and bad parameters', async () => {
    const big = await fetchAs(guest, guest.storage.getFilePreview(BUCKET, photoId, 4001));
    expect(big.res.status).toBe(400);
    expect(JSON.parse(big.bytes.toString())).toMatchObject({
      type: 'general_argument_invalid',
      message: 'Invalid `width` param: Value must be a valid range between 0 and 4000',
    });
    const color = await previewOf(BUCKET, photoId, 10, 0, undefined, 50, 1, '#zzz');
    expect(color.res.status).toBe(400);
    const gravity = await fetchAs(
      guest,
      `${server.endpoint}/storage/buckets/${BUCKET}/files/${photoId}/preview?project=courtside&gravity=middle`,
    );
    expect(gravity.res.status).toBe(400);
  });

  it('renders a plain tile for a file that is not an image', async () => {
    const text = await server.app.storage.createFile(
      'tiny',
      'notes',
      'notes.txt',
      Buffer.from('hello'),
      ['read("any")'],
    );
    const { res, meta } = await previewOf('tiny', text.$id, 40, 30);
    expect(res.status).toBe(200);
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
  });
});
