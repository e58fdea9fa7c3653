import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3Config } from '../../src/config-s3.js';
import { s3Client } from '../../src/modules/storage/blobs/s3-blob-store.js';

/** Whether this run keeps files in S3 (the `server-s3` project) rather than on the local disk. */
export const onS3 = () => process.env.TEST_BLOBS === 's3';

/** s3rver's own credentials: it refuses any other key id. */
export const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The settings of a bucket on the run's S3 server (support/s3-global.ts). */
export const s3Settings = (bucket: string): S3Config => ({
  endpoint: inject('s3Endpoint'),
  bucket,
  region: 'us-east-1',
  ...S3_KEYS,
  forcePathStyle: true,
});

/** The same settings as a server's environment. */
export const s3Env = (c: S3Config): Record<string, string> => ({
  S3_ENDPOINT: c.endpoint!,
  S3_BUCKET: c.bucket,
  S3_REGION: c.region,
  S3_ACCESS_KEY_ID: c.accessKeyId!,
  S3_SECRET_ACCESS_KEY: c.secretAccessKey!,
  S3_FORCE_PATH_STYLE: c.forcePathStyle ? 'on' : 'off',
});

export interface TestBucket {
  settings: S3Config;
  /** The bucket's keys, sorted. */
  keys(): Promise<string[]>;
  has(key: string): Promise<boolean>;
  /** Empties and removes the bucket. */
  drop(): Promise<void>;
}

/** A new, empty bucket of its own for one test server. */
export async function createTestBucket(): Promise<TestBucket> {
  const settings = s3Settings(`courtside-test-${randomBytes(6).toString('hex')}`);
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  await client.send(new CreateBucketCommand({ Bucket }));
  const keys = async () => {
    const page = await client.send(new ListObjectsV2Command({ Bucket }));
    return (page.Contents ?? []).map((o) => o.Key!).sort();
  };
  return {
    settings,
    keys,
    async has(key) {
      return client.send(new HeadObjectCommand({ Bucket, Key: key })).then(
        () => true,
        () => false,
      );
    },
    async drop() {
      for (const Key of await keys()) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket }));
      client.destroy();
    },
  };
}
