import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { StoredFile } from './contract.js';
import { searchWords, type FileListQuery, type Filter } from './queries.js';
import type { StorageFilesTable, StorageTables } from './tables.js';

export type FileRow = Selectable<StorageFilesTable>;

/** The File model of docs/protocol.md §4.11, fields in the protocol's order. */
export function toFileModel(row: FileRow): StoredFile {
  return {
    $id: row.id,
    bucketId: row.bucket_id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    $permissions: JSON.parse(row.permissions) as string[],
    name: row.name,
    signature: row.signature,
    mimeType: row.mime_type,
    sizeOriginal: Number(row.size_original),
    chunksTotal: Number(row.chunks_total),
    chunksUploaded: Number(row.chunks_uploaded),
  };
}

export const isComplete = (row: FileRow) => Number(row.chunks_uploaded) >= Number(row.chunks_total);

export const tablesOf = (db: Database): Kysely<StorageTables> =>
  db.kysely.withTables<StorageTables>() as unknown as Kysely<StorageTables>;

export async function findFile(db: Database, bucketId: string, id: string) {
  return (
    (await tablesOf(db)
      .selectFrom('storage_files')
      .selectAll()
      .where('bucket_id', '=', bucketId)
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

export interface ListScope {
  bucketId: string;
  /** When set, only files whose read permissions name one of these roles. */
  readableBy: readonly string[] | null;
  search: string | null;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Files of a bucket, filtered, ordered and paged as the protocol says (docs/protocol.md §5.4, 5.5).
 */
export async function listFiles(
  db: Database,
  scope: ListScope,
  q: FileListQuery,
): Promise<{ total: number; rows: FileRow[] }> {
  const k = tablesOf(db);
  let bucket = k.selectFrom('storage_files').where('bucket_id', '=', scope.bucketId);
  if (scope.readableBy) {
    // Permissions are stored as a JSON list, so each entry appears JSON-quoted in the text.
    const perms = scope.readableBy.map((r) => `%${escapeLike(JSON.stringify(`read("${r}")`))}%`);
    bucket = bucket.where((eb) =>
      eb.or(perms.map((p) => eb(sql`permissions`, 'like', sql`${p} escape '\\'`))),
    );
  }
  let base = bucket;
  if (scope.search) {
    const words = searchWords(scope.search);
    if (words.length) {
      base = base.where((eb) =>
        eb.or(words.map((w) => eb(sql`search`, 'like', sql`${`% ${escapeLike(w)}%`} escape '\\'`))),
      );
    }
  }
  for (const f of q.filters) base = base.where((eb) => filterExpression(eb, f));

  const totalRow = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Math.min(Number(totalRow.n), 5000);

  const orders = [...q.orders];
  let page = base.selectAll();
  if (q.cursor) {
    // Only a file the caller may read: another is a cursor that does not exist, and its values
    // never shape the page.
    const cursor = (await bucket.selectAll().where('id', '=', q.cursor.id).executeTakeFirst()) as
      FileRow | undefined;
    if (!cursor) {
      throw new AppError(
        'general_cursor_not_found',
        `File '${q.cursor.id}' for the 'cursor' value not found.`,
      );
    }
    const first = orders[0] ?? { column: 'seq' as const, direction: 'asc' as const };
    const forward = (first.direction === 'asc') === (q.cursor.direction === 'after');
    const op = forward ? '>' : '<';
    const value = cursor[first.column as keyof FileRow];
    page = page.where((eb) =>
      first.column === 'seq'
        ? eb('seq', op, cursor.seq)
        : eb.or([
            eb(sql.ref(first.column), op, value),
            eb.and([eb(sql.ref(first.column), '=', value), eb('seq', op, cursor.seq)]),
          ]),
    );
  }
  const before = q.cursor?.direction === 'before';
  const flip = (d: 'asc' | 'desc') => (before ? (d === 'asc' ? 'desc' : 'asc') : d);
  for (const o of orders) page = page.orderBy(sql.ref(o.column), flip(o.direction));
  // Ties go by insertion order, in the first order's direction (the cursor test above agrees).
  page = page.orderBy('seq', flip(orders[0]?.direction ?? 'asc'));
  let rows = await page.limit(q.limit).offset(q.offset).execute();
  if (before) rows = rows.reverse();
  return { total, rows };
}

type Eb = ExpressionBuilder<StorageTables, 'storage_files'>;

function filterExpression(eb: Eb, f: Filter) {
  const col = sql.ref(f.column);
  const [a, b] = f.values;
  switch (f.method) {
    case 'equal':
      return eb(col, 'in', f.values);
    case 'notEqual':
      return eb(col, '<>', a!);
    case 'lessThan':
      return eb(col, '<', a!);
    case 'lessThanEqual':
      return eb(col, '<=', a!);
    case 'greaterThan':
      return eb(col, '>', a!);
    case 'greaterThanEqual':
      return eb(col, '>=', a!);
    case 'between':
      return eb.and([eb(col, '>=', a!), eb(col, '<=', b!)]);
    case 'isNull':
      return eb(col, 'is', null);
    case 'isNotNull':
      return eb(col, 'is not', null);
    // Case-sensitive on both databases (docs/protocol.md, addition 6): SQLite's LIKE would ignore
    // case.
    case 'startsWith':
      return eb(sql`substr(${col}, 1, ${[...String(a)].length})`, '=', String(a));
    case 'endsWith':
      return eb(sql`substr(${col}, length(${col}) - ${[...String(a)].length} + 1)`, '=', String(a));
    case 'contains':
      return eb.or(
        f.values.map((v) =>
          eb(col, 'like', sql<string>`${`%${escapeLike(String(v))}%`} escape '\\'`),
        ),
      );
    default: {
      // search: word-prefix over the column's words, case-insensitive (docs/protocol.md, addition
      // 6).
      const words = searchWords(String(a));
      if (!words.length) return eb.val(1).$castTo<boolean>();
      return eb.or(
        words.map((w) =>
          eb(sql`' ' || lower(${col})`, 'like', sql<string>`${`% ${escapeLike(w)}%`} escape '\\'`),
        ),
      );
    }
  }
}
