import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database.js';
import { isPhraseSearch, searchWords } from './compile.js';
import { foldAccents } from './fold.js';
import type { Filter, Plan } from './plan.js';
import type { QuerySource } from './source.js';

/**
 * Best match first: a list with a fulltext `search` and no order of its own comes in tiers of
 * relevance, and within a tier the most recently added first. For "jordan 1":
 *
 * 0. the words as a phrase, whole ("Air Jordan 1 Mid");
 * 1. every word whole, apart ("Jordan Retro 1");
 * 2. every word, as the start of a word ("Jordan 11");
 * 3. some of the words (the rest of what the search matches: "Kobe 1", "Jordan Luka").
 *
 * One word has two tiers: the word whole, then as the start of a longer one. A quoted phrase has
 * one. The matches are those of the search as ever (word prefixes OR-ed); only their order changes.
 *
 * Each tier is a fulltext query of its own that leaves out the tiers above it, so a page reads
 * each tier in insertion order (descending) through the fulltext index and stops once it has
 * enough: the cost follows the page, not the number of matches (a sort by a score such as bm25
 * reads and scores every match, 300 ms for "kobe" among 100,000 titles).
 */
type Sql = RawBuilder<unknown>;

const ftsIndex = (c: QuerySource, f: Filter) => {
  const index = c.fulltext.get(f.column.key);
  return index && 'ftsTable' in index ? index : null;
};

/**
 * The search a plan is ranked by: the first fulltext search (the one SQLite's FROM would be
 * driven by), when the plan has no order of its own and the term has words; else null.
 */
export function rankingSearch(c: QuerySource, plan: Plan): Filter | null {
  if (plan.orders.length > 0) return null;
  const search = plan.filters.find((f) => f.method === 'search' && ftsIndex(c, f));
  if (!search || searchWords(String(search.values[0]).trim()).length === 0) return null;
  return search;
}

/** The engine's operators, to write the tiers once for both. */
const SYNTAX = {
  sqlite: {
    word: (w: string) => `"${w}"`,
    prefix: (w: string) => `"${w}"*`,
    phrase: (ws: string[]) => `"${ws.join(' ')}"`,
    and: ' AND ',
    or: ' OR ',
    without: (a: string, b: string) => `(${a}) NOT (${b})`,
  },
  postgres: {
    word: (w: string) => w,
    prefix: (w: string) => `${w}:*`,
    phrase: (ws: string[]) => ws.join(' <-> '),
    and: ' & ',
    or: ' | ',
    without: (a: string, b: string) => `(${a}) & !(${b})`,
  },
} as const;

/**
 * The tiers of a term, best first: each as the engine's query for what it holds (`holds`, also
 * what the tiers above hold) and for itself alone (`only`).
 */
export function searchTiers(dialect: Dialect, term: string): { holds: string; only: string }[] {
  const s = SYNTAX[dialect];
  const words = searchWords(term.trim()).map((w) => (dialect === 'postgres' ? foldAccents(w) : w));
  if (isPhraseSearch(term)) return [{ holds: s.phrase(words), only: s.phrase(words) }];
  const holds =
    words.length === 1
      ? [s.word(words[0]!), s.prefix(words[0]!)]
      : [
          s.phrase(words),
          words.map(s.word).join(s.and),
          words.map(s.prefix).join(s.and),
          words.map(s.prefix).join(s.or),
        ];
  return holds.map((h, i) => ({ holds: h, only: i === 0 ? h : s.without(h, holds[i - 1]!) }));
}

/** Where a cursor stands in the ranked list: its tier (-1: it does not match) and its row. */
export interface RankedCursor {
  tier: number;
  seq: number;
  direction: 'after' | 'before';
}

/** A query for the tier of the row `seq` (the first tier that holds it; -1 for none). */
export function tierOfRow(c: QuerySource, dialect: Dialect, search: Filter, seq: number): Sql {
  const index = ftsIndex(c, search)!;
  const tiers = searchTiers(dialect, String(search.values[0]));
  const holds = (query: string) =>
    dialect === 'sqlite'
      ? // A number is bound as a REAL, and FTS5 ignores a rowid constraint it gets as one.
        sql`EXISTS (SELECT 1 FROM ${sql.table(index.ftsTable)} WHERE ${sql.table(index.ftsTable)} MATCH ${query} AND rowid = CAST(${seq} AS INTEGER))`
      : sql`EXISTS (SELECT 1 FROM ${sql.table(c.table)} WHERE ${sql.ref(`${c.table}._seq`)} = ${seq} AND ${sql.ref(`${c.table}.${index.ftsColumn}`)} @@ to_tsquery('simple', ${query}))`;
  const cases = tiers.map((t, i) => sql`WHEN ${holds(t.holds)} THEN ${sql.lit(i)}`);
  return sql`SELECT CASE ${sql.join(cases, sql` `)} ELSE -1 END AS tier`;
}

export interface RankedTier {
  search: Filter;
  /** Every other condition: the other filters and the read roles. */
  filters: Sql[];
  /** Which tier (searchTiers' order), and at most how many of its rows. */
  tier: number;
  limit: number;
  cursor: RankedCursor | null;
}

/** The tiers a page walks, in order: after a cursor its tier and those below, before it above. */
export function tiersToWalk(dialect: Dialect, search: Filter, cursor: RankedCursor | null) {
  const all = searchTiers(dialect, String(search.values[0])).map((_, i) => i);
  if (!cursor || cursor.tier < 0) return cursor?.direction === 'before' ? all.reverse() : all;
  return cursor.direction === 'before'
    ? all.filter((i) => i <= cursor.tier).reverse()
    : all.filter((i) => i >= cursor.tier);
}

/**
 * The sequence numbers (`_s`) of one tier's rows on a page: newest first (before a cursor, oldest
 * first from it), beyond the cursor in the cursor's own tier, at most `limit`. On SQLite the
 * tier's FTS5 query drives, streaming rowids in order and stopping at the limit. On PostgreSQL
 * the first tier is left to the planner (a dense one walks the primary key backwards); the others
 * leave out the better tiers and are often sparse, where that walk would read every row, so
 * their matches are collected through the GIN index first.
 */
export function rankedTierSql(c: QuerySource, dialect: Dialect, p: RankedTier): Sql {
  const index = ftsIndex(c, p.search)!;
  const query = searchTiers(dialect, String(p.search.values[0]))[p.tier]!.only;
  const back = p.cursor?.direction === 'before';
  const table = sql.table(c.table);
  const seq = sql.ref(`${c.table}._seq`);
  const key = dialect === 'sqlite' ? sql.ref(`${index.ftsTable}.rowid`) : seq;
  const conditions = [...p.filters];
  if (p.cursor && p.cursor.tier === p.tier) {
    // SQLite binds a number as a REAL, and FTS5 ignores a rowid constraint it gets as one.
    const at = dialect === 'sqlite' ? sql`CAST(${p.cursor.seq} AS INTEGER)` : sql`${p.cursor.seq}`;
    conditions.push(back ? sql`${key} > ${at}` : sql`${key} < ${at}`);
  }
  const where = conditions.length ? sql.join(conditions, sql` AND `) : sql`1 = 1`;
  const order = sql`ORDER BY _s ${sql.raw(back ? 'ASC' : 'DESC')} LIMIT ${p.limit}`;
  if (dialect === 'sqlite') {
    const fts = sql.table(index.ftsTable);
    return sql`SELECT ${key} AS _s FROM ${fts} JOIN ${table} ON ${seq} = ${key} AND ${fts} MATCH ${query} WHERE ${where} ${order}`;
  }
  const matches = sql`${sql.ref(`${c.table}.${index.ftsColumn}`)} @@ to_tsquery('simple', ${query})`;
  if (p.tier === 0)
    return sql`SELECT ${seq} AS _s FROM ${table} WHERE ${matches} AND ${where} ${order}`;
  return sql`WITH _m AS MATERIALIZED (SELECT ${seq} AS _s FROM ${table} WHERE ${matches} AND ${where}) SELECT _s FROM _m ${order}`;
}
