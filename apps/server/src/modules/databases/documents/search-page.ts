import { sql, type RawBuilder } from 'kysely';
import { indexName, type Collection, type Column } from '../collections.js';
import { filterSql, orderSql, searchQuery, whereSql } from '../../../query/compile.js';
import type { Filter } from '../../../query/plan.js';
import type { Row } from './rows.js';
import type { Executor } from '../../../db/database.js';

type Sql = RawBuilder<unknown>;

export interface OrderedSearch {
  search: Filter;
  /** The first order column; the walk needs an index that starts with it. */
  first: Column;
  orders: { column: Column; direction: 'ASC' | 'DESC' }[];
  /** Every other condition: filters, read roles, the cursor. */
  filters: Sql[];
  columns: Sql;
  limit: number;
  offset: number;
  /** The capped total already counted: a lower bound of the matches. */
  total: number;
}

/**
 * SQLite, a search ordered by an indexed attribute (the dashboard's "kobe", newest first).
 * Joining every match and sorting grows with the matches (30 ms for 15,000 at 100,000
 * products). When matches are many, the page is among the first rows of that index instead:
 * a window of them, about three times as many as the page needs at the matches' density, is
 * read from the index and checked against the fulltext index over just their rowid range,
 * which the FTS5 table answers without collecting every match (well under a millisecond).
 * When the window holds fewer matches than the page (matches bunched elsewhere, or the last
 * page), the whole index is walked against every match, which still stops after the page;
 * when matches are few, null: joining and sorting them is cheapest.
 */
export async function orderedSearchPage(
  k: Executor,
  c: Collection,
  p: OrderedSearch,
): Promise<Row[] | null> {
  const index = c.def.indexes.find(
    (i) => i.type !== 'fulltext' && c.columns.get(i.attributes[0]!)?.column === p.first.column,
  );
  const query = searchQuery('sqlite', String(p.search.values[0]));
  if (!index || query === null || p.total === 0) return null;
  const rows = await sql<{
    n: number | null;
  }>`SELECT max(_seq) AS n FROM ${sql.table(c.table)}`.execute(k);
  const size = Number(rows.rows[0]?.n ?? 0);

  const table = sql.table(c.table);
  const walk = sql`${table} INDEXED BY ${sql.id(indexName(c.table, index))}`;
  const seq = sql.ref(`${c.table}._seq`);
  const order = orderSql('sqlite', p.orders, seq);
  const where = whereSql(p.filters);
  const window = Math.ceil((3 * (p.offset + p.limit) * size) / p.total) + 100;
  if (window <= 20_000) {
    const fts = sql.table(c.fulltext.get(p.search.column.key)!.ftsTable);
    const page =
      await sql<Row>`WITH chunk AS MATERIALIZED (SELECT ${seq} AS s FROM ${walk} WHERE ${where} ORDER BY ${order} LIMIT ${window}),
      hits AS MATERIALIZED (SELECT s FROM chunk WHERE s IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${query} AND rowid BETWEEN (SELECT min(s) FROM chunk) AND (SELECT max(s) FROM chunk)))
      SELECT ${p.columns} FROM ${table} WHERE ${seq} IN (SELECT s FROM hits) ORDER BY ${order} LIMIT ${p.limit} OFFSET ${p.offset}`.execute(
        k,
      );
    if (page.rows.length === p.limit) return page.rows;
  }
  // Walking the whole index costs about size / matches rows per row kept, plus collecting the
  // matches once; sorting costs about five times as much per match: walk once matches² > 8 × size.
  if (p.total * p.total < 8 * size) return null;
  const all = whereSql([...p.filters, filterSql(c, 'sqlite', p.search)]);
  const page =
    await sql<Row>`SELECT ${p.columns} FROM ${walk} WHERE ${all} ORDER BY ${order} LIMIT ${p.limit} OFFSET ${p.offset}`.execute(
      k,
    );
  return page.rows;
}
