import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.js';
import { isPhraseSearch, searchQuery, searchWords, sqliteRankQuery } from './compile.js';
import { foldAccents } from './fold.js';
import type { Filter, Plan } from './plan.js';
import type { Column, QuerySource } from './source.js';

/**
 * Best match first: a list with a fulltext `search` and no order of its own comes ordered by
 * relevance, so "jordan 1" puts "Air Jordan 1 Mid" before "Jordan 11", and both before pairs
 * that share only one of the words. The matches stay those of the search (word prefixes OR-ed);
 * only their order changes:
 *
 * 1. the tier: titles holding every word (as prefixes) count 1, holding them as the phrase 1 more;
 * 2. the score within a tier: SQLite's FTS5 bm25() over the words as prefixes, as whole words and
 *    as the phrase; PostgreSQL's ts_rank of the prefixes plus that of the whole words, both
 *    length-normalised. Whole words and shorter titles score higher;
 * 3. insertion order.
 *
 * Each is written so that lower is better (bm25's sign) and ordered ascending, so cursors compare
 * them like any other order column.
 */
type Sql = RawBuilder<unknown>;

const ftsIndex = (c: QuerySource, f: Filter) => {
  const index = c.fulltext.get(f.column.key);
  return index && 'ftsTable' in index ? index : null;
};

/**
 * The search a plan is ranked by: the first fulltext search (the one SQLite's FROM is driven by),
 * when the plan has no order of its own and the term has words; else null.
 */
export function rankingSearch(c: QuerySource, plan: Plan): Filter | null {
  if (plan.orders.length > 0) return null;
  const search = plan.filters.find((f) => f.method === 'search' && ftsIndex(c, f));
  if (!search || searchWords(String(search.values[0]).trim()).length === 0) return null;
  return search;
}

interface Parts {
  /** Minus the tier; null when the term is one word or a quoted phrase (one tier). */
  tier: Sql | null;
  score: Sql;
  /** What the tier reads, to put before the SELECT (SQLite's sets of tier rows, made once). */
  with: Sql | null;
}

/** The names of the sets of rows holding every word and the phrase (SQLite). */
const SETS = { all: '_rel_all', phrase: '_rel_phrase' } as const;

/**
 * SQLite: the tier reads two sets of rowids from the FTS5 table, every word and the phrase. In a
 * list they are made once, up front (`inline` false: WITH ... MATERIALIZED); for one row, inline.
 */
function sqliteParts(ftsTable: string, term: string, inline: boolean): Parts {
  const fts = sql.table(ftsTable);
  const words = searchWords(term.trim());
  const score = sql`bm25(${fts})`;
  if (words.length < 2 || isPhraseSearch(term)) return { tier: null, score, with: null };
  const queries = {
    all: words.map((w) => `"${w}"*`).join(' AND '),
    phrase: `"${words.join(' ')}"`,
  };
  const rows = (query: string) => sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query}`;
  const rowid = sql.ref(`${ftsTable}.rowid`);
  const holds = (set: keyof typeof SETS) =>
    inline
      ? sql`(${rowid} IN (${rows(queries[set])}))`
      : sql`(${rowid} IN ${sql.table(SETS[set])})`;
  return {
    tier: sql`-(${holds('all')} + ${holds('phrase')})`,
    score,
    with: inline
      ? null
      : sql`WITH ${sql.table(SETS.all)} AS MATERIALIZED (${rows(queries.all)}), ${sql.table(SETS.phrase)} AS MATERIALIZED (${rows(queries.phrase)}) `,
  };
}

function postgresParts(vector: Sql, term: string): Parts {
  const words = searchWords(term.trim()).map(foldAccents);
  const q = (text: string) => sql`to_tsquery('simple', ${text})`;
  const score = (text: string) => sql`ts_rank(${vector}, ${q(text)}, 1)`;
  const real = (value: Sql) => sql`CAST(${value} AS double precision)`;
  if (isPhraseSearch(term)) {
    return { tier: null, score: real(sql`-${score(words.join(' <-> '))}`), with: null };
  }
  const holds = (text: string) => sql`(CASE WHEN ${vector} @@ ${q(text)} THEN 1 ELSE 0 END)`;
  return {
    tier:
      words.length > 1
        ? sql`-(${holds(words.map((w) => `${w}:*`).join(' & '))} + ${holds(words.join(' <-> '))})`
        : null,
    score: real(
      sql`-(${score(words.map((w) => `${w}:*`).join(' | '))} + ${score(words.join(' | '))})`,
    ),
    with: null,
  };
}

function parts(c: QuerySource, dialect: Dialect, search: Filter, inline = false): Parts {
  const index = ftsIndex(c, search)!;
  const term = String(search.values[0]);
  return dialect === 'sqlite'
    ? sqliteParts(index.ftsTable, term, inline)
    : postgresParts(sql.ref(`${c.table}.${index.ftsColumn}`), term);
}

const computed = (name: string, expr: Sql): Column => ({
  key: `$${name}`,
  column: `_${name}`,
  ref: `_${name}`,
  kind: 'double',
  array: false,
  notNull: true,
  attribute: null,
  expr,
});

const columnsOf = ({ tier, score }: Parts): Column[] => [
  ...(tier ? [computed('relevance_tier', tier)] : []),
  computed('relevance', score),
];

/**
 * The relevance as order columns, best first (their `expr` is what ORDER BY and a cursor's
 * conditions use), and what the query must start with for them. On SQLite they are valid only in
 * a query whose FROM is driven by the search's FTS5 table with the rank query (compile.ts
 * fromSql, `ranked`).
 */
export function relevanceOrder(
  c: QuerySource,
  dialect: Dialect,
  search: Filter,
): { columns: Column[]; with: Sql | null } {
  const p = parts(c, dialect, search);
  return { columns: columnsOf(p), with: p.with };
}

/**
 * A query for one row's values of the relevance columns (a cursor's), under their column names;
 * no row when the document does not match the search.
 */
export function relevanceOfRow(
  c: QuerySource,
  dialect: Dialect,
  search: Filter,
  seq: unknown,
): Sql {
  const index = ftsIndex(c, search)!;
  const term = String(search.values[0]);
  const values = sql.join(
    columnsOf(parts(c, dialect, search, true)).map(
      (col) => sql`${col.expr!} AS ${sql.id(col.column)}`,
    ),
  );
  if (dialect === 'sqlite') {
    const fts = sql.table(index.ftsTable);
    // A number is bound as a REAL, and FTS5 skips a rowid constraint it gets as one: cast it.
    return sql`SELECT ${values} FROM ${fts} WHERE ${fts} MATCH ${sqliteRankQuery(term)} AND rowid = CAST(${seq} AS INTEGER)`;
  }
  const vector = sql.ref(`${c.table}.${index.ftsColumn}`);
  const match = searchQuery('postgres', term);
  return sql`SELECT ${values} FROM ${sql.table(c.table)} WHERE ${sql.ref(`${c.table}._seq`)} = ${seq} AND ${vector} @@ to_tsquery('simple', ${match})`;
}
