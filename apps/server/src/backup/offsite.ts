import { createReadStream } from 'node:fs';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BACKUP_NAME } from '@courtside/shop';
import type { S3Config } from '../config-s3.js';
import { s3Client } from '../modules/storage/blobs/s3-blob-store.js';

const where = (c: S3Config) => `bucket "${c.bucket}" at ${c.endpoint ?? `AWS S3 (${c.region})`}`;

/** An S3 failure in the operator's terms: which bucket (BACKUP_S3_*), and why. */
function explain(c: S3Config, e: unknown): Error {
  const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const code = err.$metadata?.httpStatusCode;
  const why =
    code === 404 || err.name === 'NoSuchBucket'
      ? 'it does not exist'
      : code === 403 || err.name === 'AccessDenied' || err.name === 'InvalidAccessKeyId'
        ? 'the key (BACKUP_S3_ACCESS_KEY_ID) is refused'
        : (err.message ?? String(e));
  return new Error(`The off-site ${where(c)} cannot be used (BACKUP_S3_*): ${why}`);
}

/**
 * The off-site copies of the schedule's backups: an archive streamed into the bucket from its
 * file in parts (no second copy on disk, at most a few 5 MiB parts in memory), the names there,
 * and deleting one. The archives sit at the bucket's top under their own names.
 */
export function offsiteBucket(c: S3Config) {
  const client = s3Client({ ...c });
  return {
    where: where(c),
    async put(file: string, name: string): Promise<void> {
      try {
        await new Upload({
          client,
          params: {
            Bucket: c.bucket,
            Key: name,
            Body: createReadStream(file),
            ContentType: 'application/gzip',
          },
          queueSize: 2,
        }).done();
      } catch (e) {
        throw explain(c, e);
      }
    },
    async names(): Promise<string[]> {
      const names: string[] = [];
      let token: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListObjectsV2Command({
              Bucket: c.bucket,
              Prefix: 'courtside-',
              ContinuationToken: token,
            }),
          );
          for (const o of page.Contents ?? [])
            if (o.Key && BACKUP_NAME.test(o.Key)) names.push(o.Key);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (e) {
        throw explain(c, e);
      }
      return names;
    },
    async remove(name: string): Promise<void> {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: c.bucket, Key: name }));
      } catch (e) {
        throw explain(c, e);
      }
    },
    close: () => client.destroy(),
  };
}
