import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../../../db/database.js';
import { escapeLike, filterSql } from '../../../query/compile.js';
import { pageOf } from '../../../query/page.js';
import type { Filter, Plan } from '../../../query/plan.js';
import type { StoredFile } from '../contract.js';
import { FILES, SEARCH_COLUMN } from './file-query.js';
import type { StorageFilesTable, StorageTables } from '../tables.js';

export type FileRow = Selectable<StorageFilesTable>;
type Sql = RawBuilder<unknown>;

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

export async function findFile(db: Database | Kysely<StorageTables>, bucketId: string, id: string) {
  const tables = 'kysely' in db ? tablesOf(db) : db;
  return (
    (await tables
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

/** The bucket's files the caller may read (the cursor is looked up through the same filter). */
function visibleSql(scope: ListScope): Sql[] {
  const parts: Sql[] = [sql`bucket_id = ${scope.bucketId}`];
  if (scope.readableBy) {
    // Permissions are stored as a JSON list, so each entry appears JSON-quoted in the text.
    const perms = scope.readableBy.map((r) => `%${escapeLike(JSON.stringify(`read("${r}")`))}%`);
    parts.push(
      sql`(${sql.join(
        perms.map((p) => sql`permissions LIKE ${p} ESCAPE '\\'`),
        sql` OR `,
      )})`,
    );
  }
  return parts;
}

/**
 * Files of a bucket, filtered, ordered and paged as the protocol says (docs/protocol.md §5.4,
 * 5.5), compiled by the same pipeline as documents (query/compile.ts).
 */
export async function listFiles(
  db: Database,
  scope: ListScope,
  plan: Plan,
): Promise<{ total: number; rows: FileRow[] }> {
  const search: Filter = { method: 'search', column: SEARCH_COLUMN, values: [scope.search ?? ''] };
  return pageOf<FileRow>(db, FILES, plan, {
    visible: visibleSql(scope),
    extra: scope.search ? [filterSql(FILES, db.dialect, search)] : [],
    noun: 'File',
  });
}
