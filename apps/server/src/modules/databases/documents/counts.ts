import { sql, type RawBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Collection } from '../collections.js';
import type { Dialect } from '../../../db/database.js';
import type { Executor } from '../../../db/database.js';

/**
 * List totals remembered per query until the collection's next write. Every transaction that
 * writes adds one to the collection's `writes` in databases_collections just before it
 * commits, so any server process sharing the database sees that a total it counted earlier
 * (in one statement with the count of writes) no longer holds.
 * Counting up to the 5,000 cap reads that many index entries (or, for a PostgreSQL search,
 * heap rows): the storefront asks the same few questions far more often than the shop
 * changes, so most lists read one small row instead. Only totals counted outside a
 * transaction are kept (inside one, uncommitted writes would be counted).
 */
export interface CountCache {
  total(k: Executor, c: Collection, inner: RawBuilder<unknown>, cap: number): Promise<number>;
}

const MAX_ENTRIES = 1000;

export function countCache(): CountCache {
  const entries = new LRUCache<string, { writes: number; total: number }>({ max: MAX_ENTRIES });
  return {
    async total(k, c, inner, cap) {
      const compiled = inner.compile(k);
      const key = `${c.table}\n${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
      const writes = sql`(SELECT writes FROM databases_collections WHERE table_name = ${c.table})`;
      const seen = entries.get(key);
      if (seen) {
        const now = await sql<{ w: number | string }>`SELECT ${writes} AS w`.execute(k);
        if (Number(now.rows[0]?.w) === seen.writes) return seen.total;
      }
      // The total and the write count it belongs to, read in one statement (one snapshot).
      const counted = await sql<{
        w: number | string;
        total: number | string;
      }>`SELECT ${writes} AS w, (SELECT count(*) FROM (${inner} LIMIT ${cap}) AS capped) AS total`.execute(
        k,
      );
      const row = counted.rows[0];
      const total = Number(row?.total ?? 0);
      entries.set(key, { writes: Number(row?.w), total });
      return total;
    },
  };
}

/**
 * Records writes to collections: called by the writing transaction as its last step before
 * COMMIT, so the count becomes visible exactly with the data. One statement: on PostgreSQL its
 * rows are locked first, in table-name order (a sorted SELECT ... FOR UPDATE locks rows as it
 * returns them), and only for that last moment, so concurrent writers cannot deadlock on them;
 * on SQLite the transaction already holds the one write lock.
 */
export async function countWrites(
  k: Executor,
  collections: Iterable<Collection>,
  dialect: Dialect,
): Promise<void> {
  await writeCounts(collections, dialect)?.execute(k);
}

/** The statement of countWrites, for a transaction's closing statements (db/closing.ts). */
export function writeCounts(
  collections: Iterable<Collection>,
  dialect: Dialect,
): RawBuilder<unknown> | null {
  const tables = [...new Set([...collections].map((c) => c.table))].sort();
  if (tables.length === 0) return null;
  const names = sql.join(tables);
  const rows =
    dialect === 'postgres'
      ? sql`SELECT table_name FROM databases_collections WHERE table_name IN (${names}) ORDER BY table_name FOR UPDATE`
      : names;
  return sql`UPDATE databases_collections SET writes = writes + 1 WHERE table_name IN (${rows})`;
}
