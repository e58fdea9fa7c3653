import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../../protocol/caller.js';
import { AppError } from '../../../protocol/errors.js';
import { optional, readListParams, readParams, text, uid } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import {
  assertCanChange,
  assertCanReadBucket,
  bucketAllows,
  bucketOf,
  canReadFile,
} from './access.js';
import { publish, removeFile, updateRecord, type StorageDeps } from './files.js';
import { assertGrantable, parseFilePermissions } from './permissions.js';
import { preview, previewParams } from '../previews/preview.js';
import { buildPlan } from '../../../query/plan.js';
import { FILES } from './file-query.js';
import { findFile, isComplete, listFiles, toFileModel } from './records.js';
import { sendFileBytes } from './serve.js';
import { abandonedUploadSweeper } from '../uploads/sweep.js';
import { assertUploadRequestSize, handleUpload } from '../uploads/upload-route.js';

const limit = (n: number, ...key: string[]): RateLimitRule => ({ limit: n, period: 60, key });
const files = { scope: 'files.read' as const };
const writes = {
  scope: 'files.write' as const,
  rateLimits: [limit(60, 'url', 'ip', 'method', 'userId')],
};

function ids(req: FastifyRequest) {
  return readParams(req.params, { bucketId: uid(), fileId: optional(uid(), '') });
}

const BASE = '/storage/buckets/:bucketId/files';

/** The record, from the last moment's reads when it was complete then. */
async function recentFile(deps: StorageDeps, bucketId: string, fileId: string) {
  const known = deps.recentFiles.get(bucketId, fileId);
  if (known) return known;
  const generation = deps.recentFiles.generation;
  const row = await findFile(deps.db, bucketId, fileId);
  if (row && isComplete(row)) deps.recentFiles.set(row, generation);
  return row;
}

/** A file the caller may read, complete or (for get) still uploading; else 401/404. */
async function readable(deps: StorageDeps, req: FastifyRequest, complete: boolean) {
  const { bucketId, fileId } = ids(req);
  const bucket = bucketOf(deps.schema, bucketId, req.caller.roles);
  assertCanReadBucket(bucket, req.caller.roles);
  const row = await recentFile(deps, bucket.$id, fileId);
  if (!row || !canReadFile(bucket, row, req.caller.roles) || (complete && !isComplete(row))) {
    throw new AppError('storage_file_not_found');
  }
  return { bucket, row };
}

/** Listing files, reading one's record, its bytes and its previews. */
function registerFileReads(scope: FastifyInstance, deps: StorageDeps): void {
  scope.get(BASE, { config: files }, async (req) => {
    const { bucketId } = ids(req);
    const p = readListParams(input(req));
    const bucket = bucketOf(deps.schema, bucketId, req.caller.roles);
    const query = buildPlan(FILES, p.queries);
    assertCanReadBucket(bucket, req.caller.roles);
    const all = bucketAllows(bucket, req.caller.roles, 'read');
    const { total, rows } = await listFiles(
      deps.db,
      { bucketId, readableBy: all ? null : req.caller.roles, search: p.search || null },
      query,
    );
    return { total, files: rows.map(toFileModel) };
  });

  scope.get(`${BASE}/:fileId`, { config: files }, async (req) => {
    return toFileModel((await readable(deps, req, false)).row);
  });

  scope.get(`${BASE}/:fileId/download`, { config: files }, async (req, reply) => {
    const { row } = await readable(deps, req, true);
    return sendFileBytes(deps.blobs, row, req, reply, 'attachment');
  });

  scope.get(`${BASE}/:fileId/view`, { config: files }, async (req, reply) => {
    const { row } = await readable(deps, req, true);
    return sendFileBytes(deps.blobs, row, req, reply, 'inline');
  });

  scope.get(`${BASE}/:fileId/preview`, { config: files }, async (req, reply) => {
    const p = previewParams(input(req));
    const { bucket, row } = await readable(deps, req, true);
    let result;
    try {
      result = await preview(deps, row, p, req.ip);
    } catch (e) {
      if (e instanceof AppError && e.type === 'general_rate_limit_exceeded') {
        reply.header('Retry-After', '5');
      }
      throw e;
    }
    const shared = bucketAllows(bucket, ['any'], 'read');
    reply
      .header('Content-Type', result.contentType)
      .header('ETag', result.etag)
      .header('Cache-Control', `${shared ? 'public' : 'private'}, max-age=2592000`)
      .header('Expires', new Date(Date.now() + 2592000_000).toUTCString())
      .header('X-Appwrite-Cache', result.cache)
      .header('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === result.etag) return reply.code(304).send();
    return reply.send(result.bytes);
  });
}

/** Uploading (in chunks), renaming or re-permitting, and deleting files. */
function registerFileWrites(scope: FastifyInstance, deps: StorageDeps): void {
  const sweep = abandonedUploadSweeper(deps);
  scope.post(
    BASE,
    { config: { ...writes, rateLimits: [limit(60, 'url', 'ip', 'method', 'userId', 'chunkId')] } },
    async (req, reply) => {
      const { bucketId } = ids(req);
      try {
        assertUploadRequestSize(req);
      } catch (e) {
        reply.header('Connection', 'close');
        throw e;
      }
      const bucket = bucketOf(deps.schema, bucketId, req.caller.roles);
      if (!bucketAllows(bucket, req.caller.roles, 'create')) {
        throw new AppError('user_unauthorized');
      }
      await sweep().catch((e: unknown) => req.log.warn({ err: e }, 'upload sweep failed'));
      try {
        return reply.code(201).send(await handleUpload(deps, req, bucket));
      } catch (e) {
        // Refused mid-body: close the connection rather than read the rest of an upload.
        if (!req.raw.complete) reply.header('Connection', 'close');
        throw e;
      }
    },
  );

  scope.put(`${BASE}/:fileId`, { config: writes }, async (req) => {
    const { bucketId, fileId } = ids(req);
    const p = readParams(input(req), {
      name: optional(text(255)),
      permissions: optional({ optional: false, parse: parseFilePermissions }),
    });
    const bucket = bucketOf(deps.schema, bucketId, req.caller.roles);
    const row = await findFile(deps.db, bucket.$id, fileId);
    if (!row) throw new AppError('storage_file_not_found');
    assertCanChange(bucket, row, req.caller.roles, 'update');
    if (p.permissions) assertGrantable(p.permissions, req.caller.roles);
    const model = toFileModel(await updateRecord(deps, row, p));
    publish(deps, bucket, model, 'update');
    return model;
  });

  scope.delete(`${BASE}/:fileId`, { config: writes }, async (req, reply) => {
    const { bucketId, fileId } = ids(req);
    const bucket = bucketOf(deps.schema, bucketId, req.caller.roles);
    const row = await findFile(deps.db, bucket.$id, fileId);
    if (!row) throw new AppError('storage_file_not_found');
    assertCanChange(bucket, row, req.caller.roles, 'delete');
    await removeFile(deps, row);
    publish(deps, bucket, toFileModel(row), 'delete');
    return reply.code(204).send();
  });
}

/** Storage routes of docs/protocol.md §3.2, mounted inside /v1 with their own multipart parser. */
export async function registerStorageRoutes(api: FastifyInstance, deps: StorageDeps) {
  await api.register(async (scope) => {
    await scope.register(multipart, {
      // Names are metadata only (never paths), so keep what the client sent.
      preservePath: true,
      limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 120, files: 1, parts: 130 },
    });
    registerFileReads(scope, deps);
    registerFileWrites(scope, deps);
  });
}
