import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { tableColumn, type Column, type QuerySource } from '../../query/source.js';
import type { AttributeDef, CollectionDef, IndexDef, Schema } from '../../schema/types.js';
import type { Clock } from '../../tools/clock.js';

export type { Column } from '../../query/source.js';

/**
 * A collection as the module uses it at run time: its schema definition plus the names of its
 * table and columns, the query pipeline's source (query/source.ts). Every SQL name is derived
 * here from a hash or a checked key, never from what a client sends.
 */
export interface Collection extends QuerySource {
  def: CollectionDef;
  databaseId: string;
  id: string;
  permsTable: string;
  columns: Map<string, Column>;
  attributes: AttributeDef[];
  /** Fulltext indexes on one attribute, by attribute key. */
  /** ftsTable: SQLite's FTS5 table; ftsColumn: PostgreSQL's stored tsvector column. */
  fulltext: Map<string, { index: IndexDef; ftsTable: string; ftsColumn: string }>;
}

/** Pages of documents: `limit` up to 5000 (the total's cap), `offset` up to 5,000,000. */
export const DOCUMENT_LIMITS = { limit: 5000, offset: 5_000_000 } as const;

const hash = (text: string, n: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, n);

export const tableName = (databaseId: string, collectionId: string) =>
  `docs_${hash(`${databaseId}/${collectionId}`, 16)}`;

/** Attribute keys are checked (A-Z a-z 0-9 _), so the column name is the key with a prefix. */
export const columnName = (key: string) => `a_${key}`;

/**
 * The trailing number is the index recipe's version: a new one rebuilds the index at start
 * (fulltext 4: SQLite's trigger follows only updates of the indexed columns).
 */
export const indexName = (table: string, index: IndexDef) =>
  `${table}_${index.type === 'fulltext' ? 'ft' : 'ix'}_${hash(JSON.stringify([index.key, index.type, index.attributes, index.type === 'fulltext' ? 4 : 1]), 10)}`;

export const ftsTableName = (table: string, index: IndexDef) =>
  `${table}_fts_${hash(JSON.stringify([index.key, index.attributes]), 10)}`;

/** PostgreSQL keeps each fulltext index's tsvector in a stored generated column. */
export const ftsColumnName = (table: string, index: IndexDef) =>
  `_fts_${ftsTableName(table, index).slice(-10)}`;

export const SYSTEM_COLUMNS: Column[] = [
  tableColumn('$id', '_id', 'string'),
  tableColumn('$createdAt', '_created', 'datetime'),
  tableColumn('$updatedAt', '_updated', 'datetime'),
  tableColumn('$internalId', '_seq', 'integer'),
];

export function buildCollection(def: CollectionDef): Collection {
  const table = tableName(def.databaseId, def.$id);
  const columns = new Map<string, Column>();
  for (const c of SYSTEM_COLUMNS) columns.set(c.key, { ...c, ref: `${table}.${c.column}` });
  for (const a of def.attributes) {
    columns.set(a.key, {
      key: a.key,
      column: columnName(a.key),
      ref: `${table}.${columnName(a.key)}`,
      kind: a.type,
      array: a.array,
      notNull: a.required && !a.array,
      attribute: a,
    });
  }
  const fulltext = new Map<string, { index: IndexDef; ftsTable: string; ftsColumn: string }>();
  for (const index of def.indexes) {
    if (index.type === 'fulltext' && index.attributes.length === 1) {
      fulltext.set(index.attributes[0]!, {
        index,
        ftsTable: ftsTableName(table, index),
        ftsColumn: ftsColumnName(table, index),
      });
    }
  }
  return {
    def,
    databaseId: def.databaseId,
    id: def.$id,
    table,
    permsTable: `${table}_perms`,
    columns,
    attributes: def.attributes,
    fulltext,
    limits: DOCUMENT_LIMITS,
    selectable: true,
  };
}

/** Every collection of the schema, by `databaseId/collectionId`. */
export function buildRegistry(schema: Schema) {
  const databases = new Set(schema.databases.filter((d) => d.enabled).map((d) => d.$id));
  const collections = new Map<string, Collection>();
  for (const def of schema.collections) {
    collections.set(`${def.databaseId}/${def.$id}`, buildCollection(def));
  }
  return { databases, collections };
}

export type Registry = ReturnType<typeof buildRegistry>;

/** What every operation needs: the database, the collections, the clock. */
export interface Core {
  db: Database;
  registry: Registry;
  clock: Clock;
}
