import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.js';
import { foldAccents } from './fold.js';
import type { Filter, Order, SqlValue } from './plan.js';
import { SEQ_KEY, seqOf, type Column, type QuerySource } from './source.js';

/**
 * Renders a plan's parts as parameterised SQL, for documents and files alike. Names come from the
 * source (derived, never client text); every value is a bound parameter. NULLs sort first in ascending order on both
 * databases (PostgreSQL is told so), so cursors behave the same everywhere.
 */
type Sql = RawBuilder<unknown>;

const TRUE = sql`1 = 1`;
const FALSE = sql`1 = 0`;
const col = (c: Column) => sql.ref(c.ref);
const isSeq = (c: Column) => c.key === SEQ_KEY;
const text = (dialect: Dialect, v: SqlValue) =>
  dialect === 'postgres' ? sql`cast(${String(v)} as text)` : sql`${v}`;

/** Words of a search term, as the fulltext engines tokenise them. */
export function searchWords(term: string): string[] {
  return term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a search term is a quoted phrase ("air jordan"): its words must stand together. */
export function isPhraseSearch(term: string): boolean {
  const t = term.trim();
  return t.length > 1 && t.startsWith('"') && t.endsWith('"');
}

/** The engine's query text for a search term: word prefixes OR-ed, or a quoted phrase. */
export function searchQuery(dialect: Dialect, term: string): string | null {
  const words = searchWords(term.trim());
  if (words.length === 0) return null;
  const phrase = isPhraseSearch(term);
  if (dialect === 'postgres') {
    const folded = words.map(foldAccents);
    return phrase ? folded.join(' <-> ') : folded.map((w) => `${w}:*`).join(' | ');
  }
  return phrase ? `"${words.join(' ')}"` : words.map((w) => `"${w}"*`).join(' OR ');
}

/** The attribute's fulltext index, when `search` on it goes through one. */
function ftsOf(c: QuerySource, key: string): { ftsTable: string; ftsColumn: string } | null {
  const index = c.fulltext.get(key);
  return index && 'ftsTable' in index ? index : null;
}

/** A value for LIKE ... ESCAPE '\\': its own %, _ and \\ match themselves. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Word prefixes of the column's own lower-cased text, OR-ed (a source without an FTS index). */
function wordsSql(f: Filter): Sql {
  const words = searchWords(String(f.values[0]));
  if (words.length === 0) return FALSE;
  const ref = col(f.column);
  return sql`(${sql.join(
    words.map((w) => sql`' ' || lower(${ref}) LIKE ${`% ${escapeLike(w)}%`} ESCAPE '\\'`),
    sql` OR `,
  )})`;
}

function searchSql(c: QuerySource, dialect: Dialect, f: Filter): Sql {
  const index = ftsOf(c, f.column.key);
  if (!index) return wordsSql(f);
  const query = searchQuery(dialect, String(f.values[0]));
  if (query === null) return FALSE;
  if (dialect === 'postgres') {
    return sql`${sql.ref(`${c.table}.${index.ftsColumn}`)} @@ to_tsquery('simple', ${query})`;
  }
  const fts = sql.table(index.ftsTable);
  return sql`${col(seqOf(c))} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query})`;
}

/** Only the FTS table's matches for a search (used to count a search without other filters). */
export function ftsOnly(c: QuerySource, search: Filter): Sql {
  const fts = sql.table(ftsOf(c, search.column.key)!.ftsTable);
  return sql`SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${searchQuery('sqlite', String(search.values[0]))}`;
}

export interface From {
  from: Sql;
  /** The search the FROM clause already applies. */
  consumed: Filter | null;
  /** What the insertion order sorts by: the FTS rowid when a search drives the query. */
  seq: Sql;
}

/**
 * The FROM clause. On SQLite the first search drives the query from its FTS5 table, whose
 * rowids stream in order and stop at the LIMIT, instead of materialising every match.
 */
export function fromSql(c: QuerySource, dialect: Dialect, filters: Filter[]): From {
  const plain = { from: sql.table(c.table), consumed: null, seq: col(seqOf(c)) };
  const search =
    dialect === 'sqlite'
      ? filters.find((f) => f.method === 'search' && ftsOf(c, f.column.key))
      : undefined;
  const query = search ? searchQuery(dialect, String(search.values[0])) : null;
  if (!search || query === null) return plain;
  const name = ftsOf(c, search.column.key)!.ftsTable;
  const fts = sql.table(name);
  return {
    from: sql`${fts} JOIN ${sql.table(c.table)} ON ${col(seqOf(c))} = ${sql.ref(`${name}.rowid`)} AND ${fts} MATCH ${query}`,
    consumed: search,
    seq: sql.ref(`${name}.rowid`),
  };
}

function arrayMembership(dialect: Dialect, column: Column, values: SqlValue[]): Sql {
  if (dialect === 'postgres') {
    const texts = values.map((v) =>
      column.kind === 'boolean' ? (v === 1 ? 'true' : 'false') : String(v),
    );
    return sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${col(column)}::jsonb) AS e(v) WHERE e.v IN (${sql.join(texts)}))`;
  }
  return sql`EXISTS (SELECT 1 FROM json_each(${col(column)}) WHERE value IN (${sql.join(values)}))`;
}

export function filterSql(c: QuerySource, dialect: Dialect, f: Filter): Sql {
  const ref = col(f.column);
  const [a, b] = f.values as [SqlValue, SqlValue];
  switch (f.method) {
    case 'equal':
      if (f.column.array) return arrayMembership(dialect, f.column, f.values);
      return f.values.length === 1 ? sql`${ref} = ${a}` : sql`${ref} IN (${sql.join(f.values)})`;
    case 'contains':
      if (f.column.array) return arrayMembership(dialect, f.column, f.values);
      return sql`(${sql.join(
        f.values.map((v) =>
          dialect === 'postgres'
            ? sql`strpos(${ref}, ${text(dialect, v)}) > 0`
            : sql`instr(${ref}, ${v}) > 0`,
        ),
        sql` OR `,
      )})`;
    case 'notEqual':
      return sql`${ref} <> ${a}`;
    case 'lessThan':
      return sql`${ref} < ${a}`;
    case 'lessThanEqual':
      return sql`${ref} <= ${a}`;
    case 'greaterThan':
      return sql`${ref} > ${a}`;
    case 'greaterThanEqual':
      return sql`${ref} >= ${a}`;
    case 'between':
      return sql`${ref} BETWEEN ${a} AND ${b}`;
    case 'isNull':
      return sql`${ref} IS NULL`;
    case 'isNotNull':
      return sql`${ref} IS NOT NULL`;
    case 'startsWith': {
      const v = text(dialect, a);
      return sql`substr(${ref}, 1, length(${v})) = ${v}`;
    }
    case 'endsWith': {
      const v = text(dialect, a);
      return sql`(length(${ref}) >= length(${v}) AND substr(${ref}, length(${ref}) - length(${v}) + 1) = ${v})`;
    }
    case 'search':
      return searchSql(c, dialect, f);
  }
}

export function whereSql(parts: Sql[]): Sql {
  return parts.length === 0 ? TRUE : sql.join(parts, sql` AND `);
}

/** The orders with the insertion order as the final tie-breaker. */
export function effectiveOrders(
  c: QuerySource,
  orders: Order[],
): { column: Column; direction: 'ASC' | 'DESC' }[] {
  const SEQ = seqOf(c);
  const out: { column: Column; direction: 'ASC' | 'DESC' }[] = [];
  for (const o of orders) {
    const column = o.column ?? SEQ;
    out.push({ column, direction: o.direction });
    if (isSeq(column)) return out;
  }
  out.push({ column: SEQ, direction: orders.at(-1)?.direction ?? 'ASC' });
  return out;
}

export function orderSql(
  dialect: Dialect,
  orders: { column: Column; direction: 'ASC' | 'DESC' }[],
  seq: Sql,
): Sql {
  return sql.join(
    orders.map(({ column, direction }) => {
      const dir = sql.raw(direction);
      if (isSeq(column)) return sql`${seq} ${dir}`;
      if (dialect === 'postgres' && !column.notNull) {
        return sql`${col(column)} ${dir} ${sql.raw(direction === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST')}`;
      }
      return sql`${col(column)} ${dir}`;
    }),
  );
}

/** Rows strictly after the cursor row in the given order (NULLs count as smallest). */
export function afterSql(
  orders: { column: Column; direction: 'ASC' | 'DESC' }[],
  row: Record<string, unknown>,
): Sql {
  const eq = (c: Column) => {
    const v = row[c.column];
    return v === null || v === undefined ? sql`${col(c)} IS NULL` : sql`${col(c)} = ${v}`;
  };
  const beyond = (c: Column, direction: 'ASC' | 'DESC') => {
    const v = row[c.column];
    if (direction === 'ASC') {
      return v === null || v === undefined ? sql`${col(c)} IS NOT NULL` : sql`${col(c)} > ${v}`;
    }
    if (v === null || v === undefined) return FALSE;
    return c.notNull ? sql`${col(c)} < ${v}` : sql`(${col(c)} < ${v} OR ${col(c)} IS NULL)`;
  };
  const branches = orders.map((o, i) =>
    sql.join(
      [...orders.slice(0, i).map((p) => eq(p.column)), beyond(o.column, o.direction)],
      sql` AND `,
    ),
  );
  return sql`(${sql.join(branches, sql` OR `)})`;
}
