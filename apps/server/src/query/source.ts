import type { AttributeDef } from '../schema/types.js';

/**
 * What the query pipeline (plan.ts -> compile.ts) reads from: the documents of a collection or
 * the files of the storage table. Every SQL name comes from here, derived by the module that owns
 * the table, never from what a client sends.
 */
export interface Column {
  /** The attribute key, or $id / $createdAt / $updatedAt / $internalId. */
  key: string;
  column: string;
  /** The column as SQL refers to it (qualified by its table where a join may need it). */
  ref: string;
  kind: 'string' | 'integer' | 'double' | 'boolean' | 'datetime';
  array: boolean;
  /** NOT NULL in practice: system fields and required attributes. */
  notNull: boolean;
  attribute: AttributeDef | null;
}

/**
 * How `search` reads an attribute: through a fulltext index (SQLite's FTS5 table, PostgreSQL's
 * stored tsvector column), or, for a small table, by word prefixes of the column's own text.
 */
export type SearchIndex = { ftsTable: string; ftsColumn: string } | { words: true };

export interface QuerySource {
  table: string;
  /** Queryable attributes by key; `$internalId` is the insertion order (never client-usable). */
  columns: ReadonlyMap<string, Column>;
  /** Attributes `search` may use, by key. */
  fulltext: ReadonlyMap<string, SearchIndex>;
  /** Largest `limit` and `offset` a list accepts. */
  limits: { limit: number; offset: number };
  /** Whether lists take `select` (documents do, files do not). */
  selectable: boolean;
}

/** A list's `total` counts its matches up to this many (docs/protocol.md §5.5). */
export const TOTAL_CAP = 5000;

/** The key of the insertion-order column every source has. */
export const SEQ_KEY = '$internalId';

/** A column named in SQL as it is, no attribute behind it; NOT NULL unless `more` says otherwise. */
export const tableColumn = (
  key: string,
  name: string,
  kind: Column['kind'],
  more: Partial<Column> = {},
): Column => ({
  key,
  column: name,
  ref: name,
  kind,
  array: false,
  notNull: true,
  attribute: null,
  ...more,
});

export const seqOf = (source: QuerySource): Column => source.columns.get(SEQ_KEY)!;
