import { sql, type Kysely } from 'kysely';
import type { Database, Dialect } from '../../../db/database.js';
import type { AttributeDef, IndexDef } from '../../../schema/types.js';
import { toIso } from '../../../tools/dates.js';
import {
  columnName,
  ftsColumnName,
  ftsTableName,
  indexName,
  type Collection,
} from '../collections.js';
import { ACCENTS } from '../../../query/fold.js';
import { encodeValue } from '../documents/rows.js';
import { attributeRules, checkStoredValues, SchemaSyncError } from './sync-rules.js';

/**
 * Schema sync at start: makes each collection's table, columns and indexes match the schema.
 * New collections, attributes and indexes are added to existing data; a change that would lose
 * or break data stops start-up with a message that says what to do.
 */
interface StoredAttribute {
  key: string;
  type: AttributeDef['type'];
  array: boolean;
  /** attributeRules() when the stored documents were last checked; absent before that. */
  rules?: string;
}
interface StoredIndex {
  name: string;
  type: IndexDef['type'];
  fts?: string;
  column?: string;
}
interface State {
  attributes: StoredAttribute[];
  indexes: StoredIndex[];
}

// The registry table is the module's own; its rows are plain values.
type Any = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const sqlType = (dialect: Dialect, a: AttributeDef) => {
  if (a.array) return 'text';
  switch (a.type) {
    case 'integer':
      return dialect === 'postgres' ? 'bigint' : 'integer';
    case 'double':
      return dialect === 'postgres' ? 'double precision' : 'real';
    case 'boolean':
      return 'integer';
    default:
      return 'text';
  }
};

async function createTable(k: Any, dialect: Dialect, c: Collection) {
  let t = k.schema.createTable(c.table);
  t =
    dialect === 'postgres'
      ? t.addColumn('_seq', 'bigserial', (col) => col.primaryKey())
      : t.addColumn('_seq', 'integer', (col) => col.primaryKey().autoIncrement());
  t = t
    .addColumn('_id', 'text', (col) => col.notNull().unique())
    .addColumn('_created', 'text', (col) => col.notNull())
    .addColumn('_updated', 'text', (col) => col.notNull())
    .addColumn('_permissions', 'text', (col) => col.notNull());
  for (const a of c.attributes) t = t.addColumn(columnName(a.key), sql.raw(sqlType(dialect, a)));
  await t.execute();
  await k.schema
    .createTable(c.permsTable)
    .addColumn('doc', dialect === 'postgres' ? 'bigint' : 'integer', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint(`${c.permsTable}_pk`, ['action', 'role', 'doc'])
    .execute();
  await k.schema.createIndex(`${c.permsTable}_doc`).on(c.permsTable).column('doc').execute();
}

const systemColumn: Record<string, string> = {
  $id: '_id',
  $createdAt: '_created',
  $updatedAt: '_updated',
};
const indexColumn = (key: string) => systemColumn[key] ?? columnName(key);

async function createIndex(k: Any, dialect: Dialect, c: Collection, index: IndexDef) {
  const name = indexName(c.table, index);
  const columns = index.attributes.map(indexColumn);
  if (index.type === 'fulltext') {
    if (dialect === 'postgres') {
      // A stored tsvector: the GIN index's recheck reads it instead of re-parsing the text.
      const column = ftsColumnName(c.table, index);
      const doc = sql.join(
        columns.map((col) => sql`coalesce(${sql.ref(col)}, '')`),
        sql` || ' ' || `,
      );
      // Accents folded as SQLite's FTS5 folds them (query/fold.ts), without the unaccent extension.
      const folded = sql`translate(${doc}, ${sql.lit(ACCENTS.from)}, ${sql.lit(ACCENTS.to)})`;
      await sql`ALTER TABLE ${sql.table(c.table)} ADD COLUMN ${sql.id(column)} tsvector GENERATED ALWAYS AS (to_tsvector('simple', ${folded})) STORED`.execute(
        k,
      );
      await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(c.table)} USING gin (${sql.id(column)})`.execute(
        k,
      );
      return { name, type: index.type, column };
    }
    const fts = ftsTableName(c.table, index);
    const cols = sql.join(columns.map((col) => sql.id(col)));
    const newCols = sql.join(columns.map((col) => sql`new.${sql.id(col)}`));
    const oldCols = sql.join(columns.map((col) => sql`old.${sql.id(col)}`));
    const t = sql.table(c.table);
    const f = sql.table(fts);
    await sql`CREATE VIRTUAL TABLE ${f} USING fts5(${cols}, content=${sql.lit(c.table)}, content_rowid='_seq', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6 7 8')`.execute(
      k,
    );
    await sql`CREATE TRIGGER ${sql.id(`${fts}_ai`)} AFTER INSERT ON ${t} BEGIN INSERT INTO ${f}(rowid, ${cols}) VALUES (new._seq, ${newCols}); END`.execute(
      k,
    );
    await sql`CREATE TRIGGER ${sql.id(`${fts}_ad`)} AFTER DELETE ON ${t} BEGIN INSERT INTO ${f}(${f}, rowid, ${cols}) VALUES ('delete', old._seq, ${oldCols}); END`.execute(
      k,
    );
    await sql`CREATE TRIGGER ${sql.id(`${fts}_au`)} AFTER UPDATE OF ${cols} ON ${t} BEGIN INSERT INTO ${f}(${f}, rowid, ${cols}) VALUES ('delete', old._seq, ${oldCols}); INSERT INTO ${f}(rowid, ${cols}) VALUES (new._seq, ${newCols}); END`.execute(
      k,
    );
    await sql`INSERT INTO ${f}(${f}) VALUES ('rebuild')`.execute(k);
    return { name, type: index.type, fts };
  }
  let builder = k.schema.createIndex(name).on(c.table);
  if (index.type === 'unique') builder = builder.unique();
  const keyColumns = index.type === 'unique' ? columns : [...columns, '_seq'];
  // Lists sort NULLs first ascending (query/compile.ts orderSql tells PostgreSQL so for optional
  // attributes, its default being last): the index says the same of them, or an order on one
  // (pairs sold, the sale price) could not walk it and would sort every row.
  const optional = new Set(
    index.attributes.filter((key) => c.columns.get(key)?.notNull === false).map(indexColumn),
  );
  builder =
    dialect === 'postgres' && optional.size > 0
      ? builder.expression(
          sql.join(
            keyColumns.map((col) =>
              optional.has(col) ? sql`${sql.ref(col)} NULLS FIRST` : sql.ref(col),
            ),
          ),
        )
      : builder.columns(keyColumns);
  try {
    await builder.execute();
  } catch (e) {
    if (index.type === 'unique') {
      throw new SchemaSyncError(
        c,
        `the unique index "${index.key}" cannot be made because existing documents share values of ${index.attributes.join(', ')}`,
        'Change those documents so the values are unique, or make the index a "key" index.',
      );
    }
    throw e;
  }
  return { name, type: index.type };
}

async function dropIndex(k: Any, table: string, index: StoredIndex) {
  if (index.column) {
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS ${sql.id(index.column)}`.execute(
      k,
    );
  }
  if (index.fts) {
    for (const suffix of ['ai', 'ad', 'au']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${index.fts}_${suffix}`)}`.execute(k);
    }
    await sql`DROP TABLE IF EXISTS ${sql.table(index.fts)}`.execute(k);
  } else {
    await sql`DROP INDEX IF EXISTS ${sql.id(index.name)}`.execute(k);
  }
}

async function addAttribute(k: Any, dialect: Dialect, c: Collection, a: AttributeDef) {
  const count = await k
    .selectFrom(c.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  if (a.required && Number(count?.n ?? 0) > 0) {
    throw new SchemaSyncError(
      c,
      `the new attribute "${a.key}" is required but ${count?.n} documents exist without it`,
      'Declare it with "required": false and a "default" (existing documents get the default), or remove the documents first.',
    );
  }
  await k.schema
    .alterTable(c.table)
    .addColumn(columnName(a.key), sql.raw(sqlType(dialect, a)))
    .execute();
  if (a.default !== null) {
    await k
      .updateTable(c.table)
      .set({ [columnName(a.key)]: encodeValue(a, a.default) })
      .execute();
  }
}

async function syncCollection(k: Any, dialect: Dialect, c: Collection, now: string) {
  const folded = new Set<string>();
  for (const a of c.attributes) {
    if (folded.has(a.key.toLowerCase())) {
      throw new SchemaSyncError(
        c,
        `two attributes are named "${a.key}" apart from letter case`,
        'Rename one of them; column names ignore case.',
      );
    }
    folded.add(a.key.toLowerCase());
  }
  const row = await k
    .selectFrom('databases_collections')
    .select(['table_name', 'state'])
    .where('database_id', '=', c.databaseId)
    .where('collection_id', '=', c.id)
    .executeTakeFirst();
  let state: State;
  if (!row) {
    await createTable(k, dialect, c);
    state = { attributes: [], indexes: [] };
    for (const a of c.attributes) {
      state.attributes.push({ key: a.key, type: a.type, array: a.array, rules: attributeRules(a) });
    }
  } else {
    state = JSON.parse(row.state as string) as State;
    for (const a of c.attributes) {
      const before = state.attributes.find((s) => s.key.toLowerCase() === a.key.toLowerCase());
      if (!before) {
        await addAttribute(k, dialect, c, a);
        state.attributes.push({
          key: a.key,
          type: a.type,
          array: a.array,
          rules: attributeRules(a),
        });
      } else if (before.key !== a.key || before.type !== a.type || before.array !== a.array) {
        throw new SchemaSyncError(
          c,
          `attribute "${a.key}" was ${before.array ? 'an array of ' : ''}${before.type} "${before.key}" and is now ${a.array ? 'an array of ' : ''}${a.type} "${a.key}"`,
          'Add a new attribute with another key instead and copy the values over, or restore the old definition.',
        );
      } else if (before.rules !== attributeRules(a)) {
        // A rule changed (or was never checked): the stored documents must still fit it.
        await checkStoredValues(k, dialect, c, a);
        before.rules = attributeRules(a);
      }
    }
    // Attributes dropped from the schema keep their column and data; re-adding one revives it.
  }
  const wanted = c.def.indexes.map((i) => ({ index: i, name: indexName(c.table, i) }));
  const kept: StoredIndex[] = [];
  for (const old of state.indexes) {
    if (wanted.some((w) => w.name === old.name)) kept.push(old);
    else await dropIndex(k, c.table, old);
  }
  for (const w of wanted) {
    if (!kept.some((s) => s.name === w.name)) kept.push(await createIndex(k, dialect, c, w.index));
  }
  state.indexes = kept;
  const values = {
    table_name: c.table,
    state: JSON.stringify(state),
    synced_at: now,
  };
  if (row) {
    // New attributes got their defaults: totals other processes counted may no longer hold.
    await k
      .updateTable('databases_collections')
      .set({ ...values, writes: sql`writes + 1` })
      .where('database_id', '=', c.databaseId)
      .where('collection_id', '=', c.id)
      .execute();
  } else {
    await k
      .insertInto('databases_collections')
      .values({ database_id: c.databaseId, collection_id: c.id, created_at: now, ...values })
      .execute();
  }
}

export async function syncSchema(db: Database, collections: Iterable<Collection>, now: Date) {
  for (const c of collections) {
    await (db.kysely as Any)
      .transaction()
      .execute((trx) => syncCollection(trx, db.dialect, c, toIso(now)));
  }
  if (db.dialect === 'sqlite') await refreshStatistics(db);
}

/**
 * SQLite keeps no statistics of its own (PostgreSQL's autovacuum does): without them its planner
 * takes a filter on several values of an indexed attribute (a brand's lines) for a few rows and
 * sorts tens of thousands instead of walking the index the order follows. At start, and after a
 * bulk load, the tables that need it are analysed, in full: a sampled analysis (analysis_limit)
 * guesses such a filter as far smaller than it is. About half a second for 100,000 documents.
 */
export async function refreshStatistics(db: Database, table?: string): Promise<void> {
  await sql`PRAGMA analysis_limit = 0`.execute(db.kysely);
  if (table) await sql`ANALYZE ${sql.table(table)}`.execute(db.kysely);
  else await sql`PRAGMA optimize = 0x10002`.execute(db.kysely);
}
