import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept ready, by their SQL text; the least recently used go first. */
const MAX_STATEMENTS = 400;
/** Longer texts are one-off shapes (a bulk insert's many rows): prepared, used and dropped. */
const MAX_KEPT_SQL = 8_000;

/**
 * The connection as Kysely's SQLite driver sees it, with each statement prepared once per SQL
 * text instead of on every call. The server's queries come in a few hundred shapes whose values
 * are parameters, and preparing (parsing and planning) cost about an eighth of a product list's
 * time. SQLite re-prepares a kept statement by itself when the schema changes under it. A
 * statement still being iterated is busy: the caller then gets a fresh one.
 */
export function keptStatements(db: BetterSqlite3.Database): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const found = kept.get(sql);
      if (found && !found.busy) {
        // Map order is use order: the one read now moves to the end.
        kept.delete(sql);
        kept.set(sql, found);
        return found as unknown as SqliteStatement;
      }
      const statement = db.prepare(sql);
      if (!found && sql.length <= MAX_KEPT_SQL) {
        kept.set(sql, statement);
        if (kept.size > MAX_STATEMENTS) kept.delete(kept.keys().next().value!);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}
