import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../protocol/errors.js';
import { blobKey, type BlobStore } from '../blobs/blob-store.js';
import type { FileRow } from './records.js';
import { INLINE_SAFE_TYPES } from './sniff.js';

const DAY = 24 * 3600 * 1000;

/** `bytes=a-b` or `bytes=a-` (capped at `openEndMax` bytes); everything else is 416. */
export function parseRange(header: string, size: number, openEndMax: number) {
  const m = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!m) throw new AppError('storage_invalid_range');
  const start = Number(m[1]);
  const end = m[2] === '' ? Math.min(start + openEndMax - 1, size - 1) : Number(m[2]);
  if (start >= end || end >= size) throw new AppError('storage_invalid_range');
  return { start, end };
}

/** A filename safe inside a quoted header value: no quotes, backslashes or control chars. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const headerName = (name: string) => name.replace(/["\\\r\n\x00-\x1f\x7f]/g, '_');

/**
 * `attachment; filename="logo.png"` as 1.4 sends it; a name that had to change to fit the quoted
 * form (quotes, control or non-ASCII characters) also goes as RFC 6266's `filename*`.
 */
function dispositionOf(kind: 'attachment' | 'inline', name: string): string {
  const plain = headerName(name).replace(/[^\x20-\x7e]/g, '_');
  const exact = plain === name ? '' : `; filename*=UTF-8''${encodeURIComponent(name)}`;
  return `${kind}; filename="${plain}"${exact}`;
}

/**
 * Download (attachment) and view (inline) of docs/protocol.md §3.2, with byte ranges. View never
 * sends a type a browser would run as a page or script: unsafe types go out as text/plain, with
 * nosniff and a CSP that forbids scripts.
 */
export async function sendFileBytes(
  blobs: BlobStore,
  row: FileRow,
  req: FastifyRequest,
  reply: FastifyReply,
  kind: 'attachment' | 'inline',
) {
  const key = blobKey(row.bucket_id, row.id);
  const size = await blobs.size(key);
  if (size === null) throw new AppError('storage_file_not_found');
  const rangeHeader = req.headers.range;
  const range =
    typeof rangeHeader === 'string'
      ? parseRange(rangeHeader, size, kind === 'attachment' ? 2 * 1024 * 1024 : 2_000_000)
      : null;
  const stream = await blobs.read(key, range ?? undefined);
  if (!stream) throw new AppError('storage_file_not_found');

  const type =
    kind === 'attachment' || INLINE_SAFE_TYPES.has(row.mime_type) ? row.mime_type : 'text/plain';
  reply
    .header('Content-Type', type || 'application/octet-stream')
    .header('Content-Disposition', dispositionOf(kind, row.name))
    .header('Expires', new Date(Date.now() + 45 * DAY).toUTCString())
    .header('Cache-Control', 'private, max-age=2592000')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes');
  if (kind === 'inline') reply.header('Content-Security-Policy', "script-src 'none';");
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', size);
  }
  return reply.send(stream);
}
