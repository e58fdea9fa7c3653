import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PART_BYTES,
  s3BlobStore,
  s3Client,
  type ObjectStore,
} from '../../src/modules/storage/blobs/s3-blob-store.js';
import { createTestBucket, s3Env, s3Settings, type TestBucket } from '../support/s3.js';
import { spawnServer } from '../support/server-process.js';

/** The S3 blob store against a real S3-compatible server (s3rver), request by request. */
let bucket: TestBucket;
let store: ObjectStore;
const sent: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 's3-store-'));

beforeAll(async () => {
  bucket = await createTestBucket();
  const client = s3Client(bucket.settings);
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName!.replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize' },
  );
  store = s3BlobStore(bucket.settings, client);
});
afterAll(async () => {
  await store.close();
  await bucket.drop();
  rmSync(dir, { recursive: true, force: true });
});

const fileOf = (bytes: Buffer) => {
  const path = join(dir, randomBytes(4).toString('hex'));
  writeFileSync(path, bytes);
  return path;
};
const bytesOf = async (stream: Readable | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the S3 blob store', () => {
  it('sends a small file in one request and a large one in 5 MB parts, consuming the source', async () => {
    const small = randomBytes(1000);
    const large = randomBytes(2 * PART_BYTES + 12_345);
    sent.length = 0;
    const smallPath = fileOf(small);
    await store.putFile('images/small', smallPath);
    expect(sent).toEqual(['PutObject']);
    expect(existsSync(smallPath)).toBe(false);

    sent.length = 0;
    await store.putFile('images/large', fileOf(large));
    expect(sent.filter((c) => c === 'UploadPart')).toHaveLength(3);
    expect(sent[0]).toBe('CreateMultipartUpload');
    expect(sent.at(-1)).toBe('CompleteMultipartUpload');

    expect(await store.size('images/large')).toBe(large.length);
    expect((await bytesOf(await store.read('images/large'))).equals(large)).toBe(true);
    expect((await bytesOf(await store.read('images/small'))).equals(small)).toBe(true);
  });

  it('reads an inclusive byte range with one ranged GET', async () => {
    const bytes = randomBytes(50_000);
    await store.putFile('images/ranged', fileOf(bytes));
    sent.length = 0;
    const part = await bytesOf(await store.read('images/ranged', { start: 100, end: 40_099 }));
    expect(part.equals(bytes.subarray(100, 40_100))).toBe(true);
    expect(sent).toEqual(['GetObject']);
  });

  it('answers null for a missing key, deletes idempotently, lists every key', async () => {
    await store.putFile('images/gone', fileOf(randomBytes(10)));
    await store.delete('images/gone');
    await store.delete('images/gone');
    expect(await store.size('images/gone')).toBeNull();
    expect(await store.read('images/gone')).toBeNull();
    const keys: string[] = [];
    for await (const o of store.list()) keys.push(o.key);
    expect(keys.sort()).toEqual(['images/large', 'images/ranged', 'images/small']);
  });
});

describe('a bucket the server cannot use', () => {
  it('says which setting to fix', async () => {
    const missing = s3BlobStore(s3Settings('no-such-bucket-here'));
    await expect(missing.check()).rejects.toThrow(
      /bucket "no-such-bucket-here" at http:\/\/127\.0\.0\.1:\d+: it does not exist/,
    );
    // s3rver knows one key id (it does not check V4 signatures themselves).
    const wrongKey = s3BlobStore({ ...bucket.settings, accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.check()).rejects.toThrow(/access denied: check S3_ACCESS_KEY_ID/);
    const nobody = s3BlobStore({ ...bucket.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(nobody.check()).rejects.toThrow(/it cannot be reached/);
  });

  it('stops the server at start, with that message', async () => {
    const env = s3Env(s3Settings('no-such-bucket-here'));
    const dataDir = join(dir, 'refused');
    await expect(
      spawnServer({ ...env, DATA_DIR: dataDir, SEED_DEMO: 'off', LOG_LEVEL: 'warn' }),
    ).rejects.toThrow(/S3 storage: bucket "no-such-bucket-here" .*: it does not exist/);
  });
});
