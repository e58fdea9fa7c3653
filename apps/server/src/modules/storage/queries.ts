import { invalidArgument } from '../../http/errors.js';
import { parseDate } from '../../tools/dates.js';
import { isKey } from '../../tools/ids.js';
import {
  FILTER_METHODS,
  MAX_QUERY_VALUES,
  parseQuery as parseShared,
  QueryError,
  valueCountProblem,
} from '../../protocol/queries.js';

/** One parsed query string of docs/protocol.md §5.1/5.2. */
export interface Query {
  method: string;
  attribute: string;
  values: unknown[];
}

/** The shared parser of docs/protocol.md §5.2 (protocol/queries.ts), shaped for the files list. */
export function parseQuery(text: string): Query {
  let parsed;
  try {
    parsed = parseShared(text);
  } catch (e) {
    if (e instanceof QueryError) throw invalidQuery(`Invalid query: ${text}`);
    throw e;
  }
  const { method, params } = parsed;
  const [p0, p1, p2] = params;
  const attribute = typeof p0 === 'string' ? p0 : '';
  if (method === 'between') return { method, attribute, values: [p1, p2] };
  if (['orderAsc', 'orderDesc'].includes(method)) return { method, attribute, values: [] };
  if (['limit', 'offset', 'cursorAfter', 'cursorBefore'].includes(method)) {
    return { method, attribute: '', values: params.length ? [p0] : [] };
  }
  const values = params.length < 2 ? [] : Array.isArray(p1) ? p1 : [p1];
  return { method, attribute, values };
}

const invalidQuery = (message: string) => invalidArgument(message);

/** Queryable File attributes (docs/protocol.md §3.2 list) and their table columns and types. */
export const FILE_ATTRIBUTES = {
  $id: { column: 'id', type: 'string' },
  name: { column: 'name', type: 'string' },
  signature: { column: 'signature', type: 'string' },
  mimeType: { column: 'mime_type', type: 'string' },
  sizeOriginal: { column: 'size_original', type: 'integer' },
  chunksTotal: { column: 'chunks_total', type: 'integer' },
  chunksUploaded: { column: 'chunks_uploaded', type: 'integer' },
  $createdAt: { column: 'created_at', type: 'datetime' },
  $updatedAt: { column: 'updated_at', type: 'datetime' },
} as const;

export type FileAttribute = keyof typeof FILE_ATTRIBUTES;
export type FilterColumn = (typeof FILE_ATTRIBUTES)[FileAttribute]['column'];

const TEXT_ONLY = ['startsWith', 'endsWith', 'search', 'contains'];

export interface Filter {
  method: string;
  column: FilterColumn;
  values: (string | number)[];
}

export interface FileListQuery {
  filters: Filter[];
  orders: { column: FilterColumn | 'seq'; direction: 'asc' | 'desc' }[];
  limit: number;
  offset: number;
  cursor: { id: string; direction: 'after' | 'before' } | null;
}

function checkValue(attr: FileAttribute, v: unknown): string | number {
  const type = FILE_ATTRIBUTES[attr].type;
  if (type === 'integer' && typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (type === 'string' && typeof v === 'string') return v;
  if (type === 'datetime' && typeof v === 'string') {
    const d = parseDate(v);
    if (d) return d.toISOString().replace('Z', '+00:00');
  }
  throw invalidQuery(`Invalid query: Query type does not match expected: ${type}`);
}

/** Validates parsed queries for the files list (no `select` there) and shapes them for SQL. */
export function fileListQuery(raw: string[]): FileListQuery {
  const out: FileListQuery = { filters: [], orders: [], limit: 25, offset: 0, cursor: null };
  let seenLimit = false;
  let seenOffset = false;
  for (const text of raw) {
    const q = parseQuery(text);
    if (q.method === 'limit' || q.method === 'offset') {
      const n = q.values[0];
      const min = q.method === 'limit' ? 1 : 0;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min) {
        throw invalidQuery(
          `Invalid query: Invalid ${q.method}: Value must be a valid range between ${min} and 9,223,372,036,854,775,807`,
        );
      }
      if (q.method === 'limit' && !seenLimit) [out.limit, seenLimit] = [n, true];
      if (q.method === 'offset' && !seenOffset) [out.offset, seenOffset] = [n, true];
    } else if (q.method === 'cursorAfter' || q.method === 'cursorBefore') {
      const id = q.values[0];
      if (typeof id !== 'string' || !isKey(id)) {
        throw invalidQuery(
          "Invalid query: Invalid cursor: UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore",
        );
      }
      out.cursor ??= { id, direction: q.method === 'cursorAfter' ? 'after' : 'before' };
    } else if (q.method === 'orderAsc' || q.method === 'orderDesc') {
      const direction = q.method === 'orderAsc' ? 'asc' : 'desc';
      if (q.attribute === '') out.orders.push({ column: 'seq', direction });
      else out.orders.push({ column: attributeOf(q.attribute).column, direction });
    } else if (FILTER_METHODS.has(q.method)) {
      const attr = q.attribute as FileAttribute;
      const column = attributeOf(attr).column;
      const n = q.values.length;
      const problem = valueCountProblem(q.method, n);
      if (problem) throw invalidQuery(`Invalid query: ${problem}`);
      if (q.method === 'between' && n !== 2) {
        throw invalidQuery('Invalid query: Between queries require exactly two values.');
      }
      if (n > MAX_QUERY_VALUES) {
        throw invalidQuery(
          `Invalid query: Query on attribute has greater than ${MAX_QUERY_VALUES} values: ${attr}`,
        );
      }
      if (TEXT_ONLY.includes(q.method) && FILE_ATTRIBUTES[attr].type !== 'string') {
        throw invalidQuery(
          `Invalid query: Cannot apply ${q.method} to a non-string attribute: ${attr}`,
        );
      }
      const values = ['isNull', 'isNotNull'].includes(q.method)
        ? []
        : q.values.map((v) => checkValue(attr, v));
      out.filters.push({ method: q.method, column, values });
    } else {
      throw invalidQuery(`Invalid query: Invalid query method: ${q.method}`);
    }
  }
  return out;
}

function attributeOf(name: string) {
  if (!Object.hasOwn(FILE_ATTRIBUTES, name)) {
    throw invalidQuery(`Invalid query: Attribute not found in schema: ${name}`);
  }
  return FILE_ATTRIBUTES[name as FileAttribute];
}

/**
 * Lower-cased words of the id and name, space-framed, for word-prefix `search` (docs/protocol.md,
 * addition 6).
 */
export const searchText = (id: string, name: string) =>
  ` ${`${id} ${name}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

export const searchWords = (term: string) =>
  term
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
