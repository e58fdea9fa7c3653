import { rm } from 'node:fs/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidArgument } from '../../../protocol/errors.js';
import { customId, missingMessage, readParams, uid } from '../../../protocol/params.js';
import type { BucketDef } from '../../../schema/types.js';
import {
  assertGrantable,
  defaultFilePermissions,
  parseFilePermissions,
} from '../files/permissions.js';
import { parseContentRange, storeChunk } from './chunks.js';
import type { StoredFile } from '../contract.js';
import { newId, storeReceived, tempFile, typeCheck, type StorageDeps } from '../files/files.js';
import { receiveToFile, tooBig, type Received } from './receive.js';

const MULTIPART_MISTAKE = /multipart|boundary|part header/i;

/**
 * One upload request carries at most 6 MiB, as 1.4's HTTP server allows (and deploy/'s nginx):
 * the SDK sends files over 5 MiB in 5 MiB chunks. Over it: 413, before the body is read when
 * Content-Length says so, else once that much has arrived.
 */
export const MAX_UPLOAD_REQUEST = 6 * 1024 * 1024;
const requestTooLarge = () =>
  new AppError(
    'general_payload_too_large',
    `An upload request carries at most ${MAX_UPLOAD_REQUEST} bytes: send larger files in chunks.`,
  );

export function assertUploadRequestSize(req: FastifyRequest): void {
  if (Number(req.headers['content-length']) > MAX_UPLOAD_REQUEST) throw requestTooLarge();
}

/** Headers first, so a bad chunk is refused before its body is read. */
function chunkHeaders(req: FastifyRequest, bucket: BucketDef) {
  const rangeHeader = req.headers['content-range'];
  const range = typeof rangeHeader === 'string' ? parseContentRange(rangeHeader) : null;
  const idHeader = req.headers['x-appwrite-id'];
  let uploadId: string | null = null;
  if (typeof idHeader === 'string' && idHeader !== '') {
    try {
      uploadId = readParams({ id: idHeader }, { id: uid() }).id;
    } catch {
      throw new AppError('storage_invalid_appwrite_id');
    }
  }
  if (range && range.total > bucket.maximumFileSize) throw tooBig();
  return { range, uploadId };
}

/**
 * POST /storage/buckets/{bucketId}/files: a multipart upload, whole or one chunk. The file part
 * is streamed to disk while its size and type are checked; fields may come before or after it.
 */
export async function handleUpload(
  deps: StorageDeps,
  req: FastifyRequest,
  bucket: BucketDef,
): Promise<StoredFile> {
  const { range, uploadId } = chunkHeaders(req, bucket);
  const fields: Record<string, unknown> = {};
  const permissionList: string[] = [];
  let received: Received | null = null;
  let fileName = '';
  let fileAsText = false;
  let capped = false;
  try {
    if (!req.isMultipart()) {
      Object.assign(fields, (req.body as Record<string, unknown> | undefined) ?? {});
      fileAsText = fields.file !== undefined;
    } else {
      // Our own counter refuses oversize bytes; busboy's limit only sits just above it.
      const allowed = range ? range.end - range.start + 1 : bucket.maximumFileSize;
      const maxBytes = Math.min(allowed, MAX_UPLOAD_REQUEST);
      capped = maxBytes < allowed;
      const parts = req.parts({
        limits: { fields: 120, files: 1, fieldSize: 64 * 1024, fileSize: maxBytes + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || received) {
            part.file.resume();
            continue;
          }
          // The type is decided on the first (or only) chunk; later chunks are plain bytes.
          const firstBytes = !range || range.start === 0;
          received = await receiveToFile(part.file, await tempFile(deps), {
            maxBytes,
            checkType: firstBytes ? typeCheck(bucket) : undefined,
          }).catch((e: unknown) => {
            const over = e instanceof AppError && e.type === 'storage_invalid_file_size';
            throw over && capped ? requestTooLarge() : e;
          });
          fileName = part.filename;
        } else if (/^permissions(\[\d*\])?$/.test(part.fieldname)) {
          // The Web SDK sends `permissions[]`, node-appwrite `permissions[0]`, `permissions[1]`.
          permissionList.push(String(part.value));
          fields.permissions = permissionList;
        } else if (part.fieldname === 'file') {
          fileAsText = true;
        } else {
          fields[part.fieldname] = part.value;
        }
      }
    }
    const p = readParams(fields, { fileId: customId() });
    const permissions =
      fields.permissions === undefined || fields.permissions === null
        ? defaultFilePermissions(req.caller.user?.$id ?? null)
        : parseFilePermissions(fields.permissions);
    if (fields.permissions !== undefined) assertGrantable(permissions, req.caller.roles);
    if (!received) {
      throw fileAsText
        ? new AppError('storage_file_empty', 'Parameter "file" has to be a File.')
        : new AppError('storage_file_empty', missingMessage('file'));
    }
    const name = [...(fileName || 'file')].slice(0, 255).join('');
    if (range) {
      const file = { id: uploadId ?? newId(p.fileId), name, permissions };
      const stored = await storeChunk(deps, bucket, file, range, received);
      received = null;
      return stored;
    }
    const file = { id: newId(p.fileId), name, permissions };
    const stored = await storeReceived(deps, bucket, file, received);
    received = null;
    return stored;
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw capped ? requestTooLarge() : tooBig();
    }
    if (e instanceof Error && /limit/i.test(e.message) && !(e instanceof AppError)) {
      throw invalidArgument(`The multipart body is too large: ${e.message}`);
    }
    // The multipart reader's own refusals (no boundary, a body cut short, a broken part header):
    // the client's body, not the server, is at fault.
    if (e instanceof Error && !(e instanceof AppError) && MULTIPART_MISTAKE.test(e.message)) {
      throw invalidArgument(`The request is not a complete multipart body: ${e.message}`);
    }
    throw e;
  } finally {
    if (received) await rm(received.path, { force: true });
  }
}
