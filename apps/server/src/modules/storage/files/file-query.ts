import { tableColumn as column, type Column, type QuerySource } from '../../../query/source.js';

/**
 * The files list as a source of the shared query pipeline (query/plan.ts, query/compile.ts):
 * the queryable File attributes (docs/protocol.md §3.2 list) and their columns in
 * `storage_files`.
 */
const COLUMNS: Column[] = [
  column('$id', 'id', 'string'),
  column('name', 'name', 'string'),
  column('signature', 'signature', 'string'),
  column('mimeType', 'mime_type', 'string'),
  column('sizeOriginal', 'size_original', 'integer'),
  column('chunksTotal', 'chunks_total', 'integer'),
  column('chunksUploaded', 'chunks_uploaded', 'integer'),
  column('$createdAt', 'created_at', 'datetime'),
  column('$updatedAt', 'updated_at', 'datetime'),
  column('$internalId', 'seq', 'integer'),
];

export const FILES: QuerySource = {
  table: 'storage_files',
  columns: new Map(COLUMNS.map((c) => [c.key, c])),
  // A bucket holds hundreds of files, not millions: `search` reads the words of the text itself.
  fulltext: new Map(
    COLUMNS.filter((c) => c.kind === 'string').map((c) => [c.key, { words: true } as const]),
  ),
  // No cap of its own beyond what JavaScript counts exactly; the total still stops at 5000.
  limits: { limit: Number.MAX_SAFE_INTEGER, offset: Number.MAX_SAFE_INTEGER },
  selectable: false,
};

/** The stored `search` column: the id's and name's words, for the list's `search` param. */
export const SEARCH_COLUMN = column('search', 'search', 'string');

/**
 * Lower-cased words of the id and name, space-framed, for word-prefix `search` (docs/protocol.md,
 * addition 6).
 */
export const searchText = (id: string, name: string) =>
  ` ${`${id} ${name}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
