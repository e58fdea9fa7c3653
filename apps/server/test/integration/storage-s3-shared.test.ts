import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser, type SdkUser } from '../support/sdk.js';
import type { ServerProcess } from '../support/server-process.js';
import type { TestServer } from '../support/server.js';
import {
  adminUser,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  noisePng,
  rawUpload,
  startStorageServer,
  uploadParts,
} from '../support/storage.js';

/**
 * Two servers as on two machines: `a` here and `b` a real process with a DATA_DIR of its own,
 * sharing only the database, Redis and the S3 bucket. What one stores, the other serves.
 */
let a: TestServer;
let b: ServerProcess & { dataDir: string };
let owner: SdkUser;
let photo: Buffer;
let big: Buffer;

beforeAll(async () => {
  a = await startStorageServer({
    env: {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REALTIME_REDIS_CHANNEL: `courtside-test:realtime:${randomUUID()}`,
    },
  });
  b = await a.twin({ ownDisk: true });
  owner = await adminUser(a);
  photo = await imageBytes(120, 80, 'jpeg');
  big = await noisePng(1500, 1500); // about 6.75 MB: two chunks from the SDK, two parts in S3
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const onB = () => sdkUser({ endpoint: b.endpoint }).storage;
const files = (dataDir: string) => existsSync(join(dataDir, 'storage', 'files'));
const cached = (dataDir: string, id: string) => {
  const dir = join(dataDir, 'storage', 'previews', BUCKET, id);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const extensions = (dataDir: string, id: string) =>
  cached(dataDir, id)
    .map((name) => name.split('.').pop())
    .sort();

describe('files in a bucket shared by servers on separate disks', () => {
  it('a file uploaded through one server is viewed, downloaded by ranges and previewed through the other', async () => {
    await owner.storage.createFile(BUCKET, 'shared-photo', fileOf(photo, 'p.jpg'), ['read("any")']);
    await owner.storage.createFile(BUCKET, 'shared-big', fileOf(big, 'big.png'), ['read("any")']);
    expect(await a.bucket!.keys()).toEqual([`${BUCKET}/shared-big`, `${BUCKET}/shared-photo`]);

    const view = await fetchAs(null, onB().getFileView(BUCKET, 'shared-photo'));
    expect(view.res.status).toBe(200);
    expect(view.bytes.equals(photo)).toBe(true);
    const whole = await fetchAs(null, onB().getFileDownload(BUCKET, 'shared-big'));
    expect(whole.bytes.equals(big)).toBe(true);
    const start = 5 * 1024 * 1024 - 100; // across the two parts
    const range = await fetchAs(null, onB().getFileDownload(BUCKET, 'shared-big'), {
      headers: { Range: `bytes=${start}-${start + 199}` },
    });
    expect(range.res.status).toBe(206);
    expect(range.res.headers.get('content-range')).toBe(
      `bytes ${start}-${start + 199}/${big.length}`,
    );
    expect(range.bytes.equals(big.subarray(start, start + 200))).toBe(true);

    const preview = onB().getFilePreview(BUCKET, 'shared-photo', 60);
    const first = await fetchAs(null, preview);
    expect(first.res.headers.get('x-appwrite-cache')).toBe('miss');
    expect(await sharp(first.bytes).metadata()).toMatchObject({ width: 60, height: 40 });
    expect((await fetchAs(null, preview)).res.headers.get('x-appwrite-cache')).toBe('hit');
    // Another size, from the copy of the source b keeps beside its previews.
    const other = await fetchAs(null, onB().getFilePreview(BUCKET, 'shared-photo', 30));
    expect(await sharp(other.bytes).metadata()).toMatchObject({ width: 30, height: 20 });

    // Each server caches on its own disk; neither keeps the files themselves.
    expect(extensions(b.dataDir, 'shared-photo')).toEqual(['jpg', 'jpg', 'src']);
    expect(cached(a.dataDir, 'shared-photo')).toEqual([]);
    expect([files(a.dataDir), files(b.dataDir)]).toEqual([false, false]);
  });

  it('takes the chunks of one upload through either server', async () => {
    const chunk = 5 * 1024 * 1024;
    const send = async (
      server: { endpoint: string },
      user: SdkUser,
      start: number,
      end: number,
    ) => {
      const form = new FormData();
      form.append('fileId', 'relay');
      form.append('permissions[]', 'read("any")');
      form.append('file', fileOf(big.subarray(start, end + 1), 'relay.png'));
      const range = `bytes ${start}-${end}/${big.length}`;
      return rawUpload(server, user, BUCKET, form, { 'content-range': range });
    };
    const first = await send(a, owner, 0, chunk - 1);
    expect(first).toMatchObject({ status: 201, body: { chunksUploaded: 1, chunksTotal: 2 } });
    const ownerOnB = await adminUser({ endpoint: b.endpoint });
    const last = await send(b, ownerOnB, chunk, big.length - 1);
    expect(last).toMatchObject({
      status: 201,
      body: { chunksUploaded: 2, sizeOriginal: big.length },
    });
    const { bytes } = await fetchAs(null, owner.storage.getFileDownload(BUCKET, 'relay'));
    expect(bytes.equals(big)).toBe(true);
    expect(await uploadParts(a, BUCKET, 'relay')).toEqual([]);
  });

  it('a file deleted through the other server is gone here, its preview too', async () => {
    const preview = owner.storage.getFilePreview(BUCKET, 'shared-photo', 60);
    expect((await fetchAs(null, preview)).res.status).toBe(200);
    expect(extensions(a.dataDir, 'shared-photo')).toEqual(['jpg', 'src']);

    const ownerOnB = await adminUser({ endpoint: b.endpoint });
    await ownerOnB.storage.deleteFile(BUCKET, 'shared-photo');
    expect(await a.bucket!.has(`${BUCKET}/shared-photo`)).toBe(false);
    await new Promise((r) => setTimeout(r, 150)); // Redis carries the news
    expect((await fetchAs(null, preview)).res.status).toBe(404);
    const view = await fetchAs(null, owner.storage.getFileView(BUCKET, 'shared-photo'));
    expect(view.res.status).toBe(404);
    // Neither disk keeps previews of it.
    expect([cached(a.dataDir, 'shared-photo'), cached(b.dataDir, 'shared-photo')]).toEqual([
      [],
      [],
    ]);
  });
});
