import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../../config-s3.js';
import type { BlobStore } from './blob-store.js';

/**
 * Files of this size and up are sent in parts of this size (S3's smallest), two at a time: the
 * files the SDK uploads in chunks are stored in parts too, and an upload holds at most two
 * parts in memory. Smaller files stream in one request.
 */
export const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** The bytes of a shop in an S3-compatible bucket, with what backups need besides. */
export interface ObjectStore extends BlobStore {
  /** Every object of the bucket, page by page. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Throws, saying what to fix, when the bucket cannot be reached with these settings. */
  check(): Promise<void>;
  close(): Promise<void>;
}

const status = (e: unknown) =>
  (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (e: unknown) =>
  status(e) === 404 || ['NoSuchKey', 'NotFound'].includes((e as Error).name);

export function s3Client(c: S3Config): S3Client {
  return new S3Client({
    region: c.region,
    ...(c.endpoint ? { endpoint: c.endpoint } : {}),
    forcePathStyle: c.forcePathStyle,
    ...(c.accessKeyId && c.secretAccessKey
      ? { credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
    // streamed (aws-chunked) checksums. Each file's MD5 is kept in its record (signature).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Downloads to slow phones hold a connection each for as long as they last.
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

/** Why the bucket cannot be used, in the operator's terms (the S3_* variables). */
function explain(c: S3Config, e: unknown): Error {
  const where = `bucket "${c.bucket}" at ${c.endpoint ?? `AWS S3 (${c.region})`}`;
  const code = status(e);
  const why =
    code === 404
      ? 'it does not exist: create it, or correct S3_BUCKET / S3_ENDPOINT'
      : code === 403 || code === 401
        ? 'access denied: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and the bucket policy)'
        : code === 301 || code === 400
          ? `the service refused the request (${code}): check S3_REGION and S3_FORCE_PATH_STYLE`
          : `it cannot be reached: ${(e as Error).message || (e as Error).name}`;
  return new Error(`S3 storage: ${where}: ${why}`);
}

/** File bytes in an S3-compatible bucket under `<bucketId>/<fileId>` keys; nothing on this disk. */
export function s3BlobStore(config: S3Config, client = s3Client(config)): ObjectStore {
  const Bucket = config.bucket;
  return {
    async putFile(key, sourcePath) {
      const { size } = await stat(sourcePath);
      if (size < PART_BYTES) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(sourcePath),
            ContentLength: size,
          }),
        );
      } else {
        await new Upload({
          client,
          params: { Bucket, Key: key, Body: createReadStream(sourcePath) },
          partSize: PART_BYTES,
          queueSize: PARTS_AT_ONCE,
        }).done();
      }
      // As on the local disk, the source is consumed.
      await rm(sourcePath, { force: true });
    },
    async read(key, range) {
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (out.Body as Readable | undefined) ?? null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (e) {
        throw explain(config, e);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
