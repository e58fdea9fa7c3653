import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { readSetting, writeSetting } from '../../db/settings.js';
import { AppError } from '../../protocol/errors.js';
import { readListParams, readParams, uid } from '../../protocol/params.js';
import { input } from '../../protocol/request.js';
import { memoryPage, memorySource } from '../../query/memory.js';
import type { BucketDef, Schema } from '../../schema/types.js';
import { toIso } from '../../tools/dates.js';

/**
 * The buckets of the schema as 1.4's server API reads them with a key (docs/protocol.md §3.5):
 * `storage.listBuckets` and `storage.getBucket` of node-appwrite 11.1, scope `buckets.read`,
 * answering 1.4's Bucket model.
 */
const BUCKETS = memorySource('buckets', {
  $id: 'string',
  name: 'string',
  enabled: 'boolean',
  fileSecurity: 'boolean',
  maximumFileSize: 'integer',
  encryption: 'boolean',
  antivirus: 'boolean',
  $createdAt: 'datetime',
  $updatedAt: 'datetime',
});

/** When the buckets were first there: the first start of the storage module on this database. */
const SINCE = 'storage.buckets-since';

export async function bucketsSince(db: Database, now: Date): Promise<string> {
  const known = await readSetting(db, SINCE);
  if (known) return known;
  await writeSetting(db, SINCE, toIso(now));
  return toIso(now);
}

export function toBucketModel(def: BucketDef, since: string) {
  return {
    $id: def.$id,
    $createdAt: since,
    $updatedAt: since,
    $permissions: def.$permissions,
    fileSecurity: def.fileSecurity,
    name: def.name,
    enabled: def.enabled,
    maximumFileSize: def.maximumFileSize,
    allowedFileExtensions: def.allowedFileExtensions,
    compression: def.compression,
    encryption: def.encryption,
    antivirus: def.antivirus,
  };
}

export function registerBucketRoutes(api: FastifyInstance, schema: Schema, since: string): void {
  const config = { scope: 'buckets.read' } as const;
  api.get('/storage/buckets', { config }, async (req) => {
    const p = readListParams(input(req));
    const models = schema.buckets.map((b) => toBucketModel(b, since));
    const page = memoryPage(BUCKETS, models, p.queries, {
      idOf: (b) => b.$id,
      noun: 'Bucket',
      search: { term: p.search, text: (b) => `${b.$id} ${b.name}` },
    });
    return { total: page.total, buckets: page.items };
  });

  api.get('/storage/buckets/:bucketId', { config }, async (req) => {
    const { bucketId } = readParams(req.params, { bucketId: uid() });
    const def = schema.buckets.find((b) => b.$id === bucketId);
    if (!def) throw new AppError('storage_bucket_not_found');
    return toBucketModel(def, since);
  });
}
