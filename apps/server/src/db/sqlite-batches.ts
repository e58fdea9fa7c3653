import { sql, type Kysely } from 'kysely';
import type { Executor } from './types.js';

/** The most units one SQLite transaction carries: the rest wait for the next. */
const MAX_UNITS = 64;

interface Unit {
  work: (k: Executor) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export interface SqliteBatches {
  /**
   * Runs `work` on the write connection inside a transaction and resolves once that transaction
   * has committed; rejects with the work's error, having undone all of its writes and nothing
   * else, or with the commit's error.
   */
  run<T>(work: (k: Executor) => Promise<T>): Promise<T>;
}

/**
 * Group commit for SQLite. A commit writes every page the transaction changed to the WAL file:
 * an order touches some thirty pages (its row, seven indexes, the search index, the product, the
 * day's figures, the write counts) and committing them was a third of its time. Units of work
 * waiting together for the one connection now share one transaction: each runs in its own
 * SAVEPOINT, after the ones before it and seeing their writes, exactly as if it had run alone
 * after them; one that fails is rolled back to its savepoint and told at once; the others are
 * told when the shared COMMIT has succeeded, so no caller hears "done" before its writes are
 * durable. If the commit (or undoing a unit) fails, the whole batch is rolled back and every
 * unit in it gets that error. Units that arrive while a batch runs go in the next one.
 */
export function sqliteBatches(kysely: Kysely<object>): SqliteBatches {
  const waiting: Unit[] = [];

  async function batch(conn: Executor): Promise<void> {
    const done: [Unit, unknown][] = [];
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      for (let n = 0; n < MAX_UNITS && waiting.length > 0; n++) {
        const unit = waiting.shift()!;
        await sql`SAVEPOINT unit`.execute(conn);
        let result: unknown;
        try {
          result = await unit.work(conn);
        } catch (e) {
          // The unit's own failure: its writes go, the batch goes on. Should undoing fail (the
          // transaction is gone), the batch fails below; this unit keeps its own error.
          unit.reject(e);
          await sql`ROLLBACK TO unit`.execute(conn);
          await sql`RELEASE unit`.execute(conn);
          continue;
        }
        done.push([unit, result]);
        await sql`RELEASE unit`.execute(conn);
      }
      await sql`COMMIT`.execute(conn);
    } catch (e) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      for (const [unit] of done) unit.reject(e);
      return;
    }
    for (const [unit, result] of done) unit.resolve(result);
  }

  /** One batch; then, if units came meanwhile, the next in a later turn. */
  async function write(): Promise<void> {
    try {
      await kysely.connection().execute((conn) => batch(conn as Executor));
    } catch (e) {
      // The connection could not be had (the database is closing): nobody waiting is served.
      for (const unit of waiting.splice(0)) unit.reject(e);
    }
    writing = false;
    if (waiting.length > 0) start();
  }

  /**
   * A batch begins in the turn's immediates, once this turn's requests have come as far as
   * their transactions (so they share one) and reads queued behind the last batch have had the
   * connection.
   */
  let writing = false;
  function start() {
    writing = true;
    setImmediate(() => void write());
  }

  return {
    run<T>(work: (k: Executor) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (v: unknown) => void, reject });
        if (!writing) start();
      });
    },
  };
}
