import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SQLite } from './sqlite-driver.js';
import { keptStatements } from './sqlite-statements.js';
import { sqliteBatches } from './sqlite-batches.js';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { runMigrations } from './migrate.js';
import { runClosing } from './closing.js';

import type { ClosingStatement, Database, Dialect, Executor } from './types.js';

export type { Database, Dialect, Executor };

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

const INT8 = 20;
/** How often SQLite's statistics are checked against the data. */
const OPTIMIZE_EVERY_MS = 10 * 60_000;

/**
 * SQLite's `PRAGMA optimize` over every table (0x10002): those whose row counts moved far since
 * their last analysis are analysed again, from a sample of at most 1,000 rows per index.
 */
export async function optimizeStatistics(kysely: Kysely<object>): Promise<void> {
  await sql`PRAGMA analysis_limit = 1000`.execute(kysely);
  try {
    await sql`PRAGMA optimize = 0x10002`.execute(kysely);
  } finally {
    await sql`PRAGMA analysis_limit = 0`.execute(kysely);
  }
}

export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('temp_store = MEMORY');
    const kysely = new Kysely<object>({
      dialect: new SqliteDialect({ database: keptStatements(sqlite) }),
    });
    // The planner's statistics follow the data as it grows (a young shop's first ANALYZE knew a
    // few dozen orders): SQLite re-analyses, in a bounded sample, the tables that changed much.
    // Through Kysely, so it waits for the connection instead of landing inside a transaction.
    const optimize = setInterval(() => {
      void optimizeStatistics(kysely).catch(() => undefined); // closing or busy: next round
    }, OPTIMIZE_EVERY_MS);
    optimize.unref();
    const batches = sqliteBatches(kysely);
    return {
      kysely,
      dialect: 'sqlite',
      write: (work, closing) =>
        batches.run(async (k) => {
          const result = await work(k);
          if (closing) await runClosing(k, closing());
          return result;
        }),
      writeOne: (work) => batches.run(work),
      close: () => {
        clearInterval(optimize);
        return kysely.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    // The driver's pipeline mode: statements handed to a connection before the last one answered
    // go out at once, each still answered on its own (see pgTransaction).
    pipeline: true,
    max: 10,
    types: {
      // Counts and bigints arrive as numbers; the shop's values are far below 2^53.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection can be cut by the server (restart, failover, a dropped database). The pool
  // replaces idle ones; a checked-out one fails its query or transaction, which the request
  // turns into an error answer. Without these listeners Node would crash the whole process.
  const lost = (e: Error) => console.warn(`PostgreSQL: a connection was lost (${e.message})`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const kysely = new Kysely<object>({
    dialect: new PostgresDialect({ pool }),
  });
  return {
    kysely,
    dialect: 'postgres',
    write: (work, closing) => pgTransaction(kysely, work, closing),
    writeOne: (work) => work(kysely),
    close: () => kysely.destroy(),
  };
}

/**
 * A transaction on one connection of the pool: BEGIN, the unit's statements, its closing
 * statements, COMMIT. With the driver's pipeline mode, BEGIN is handed over without waiting, so
 * it travels with the unit's first statement, and the closing statements and COMMIT are handed
 * over together, so they travel as one write: a round trip each fewer for every transaction.
 * Each statement is still answered on its own; should one fail, PostgreSQL turns the COMMIT
 * behind it into a rollback and the unit fails, as it would one statement at a time.
 */
async function pgTransaction<T>(
  kysely: Kysely<object>,
  work: (k: Executor) => Promise<T>,
  closing: (() => readonly ClosingStatement[]) | undefined,
): Promise<T> {
  return kysely.connection().execute(async (k) => {
    const handed: Promise<unknown>[] = [];
    unanswered.set(k, handed);
    const begun = sql`BEGIN`.execute(k);
    try {
      const result = await work(k);
      await begun;
      // Answered by now: the pipeline answers in order, and the work waited for later ones.
      await Promise.all(handed);
      const last = closing?.() ?? [];
      const ran = await Promise.all([
        ...last.map((s) => s.query.execute(k)),
        sql`COMMIT`.execute(k),
      ]);
      last.forEach((s, i) => s.rows?.(ran[i]!.rows as Record<string, unknown>[]));
      return result;
    } catch (e) {
      await begun.catch(() => undefined);
      await sql`ROLLBACK`.execute(k).catch(() => undefined);
      // A statement handed over unanswered that failed is the cause of what failed after it.
      for (const p of handed) await p;
      throw e;
    } finally {
      unanswered.delete(k);
    }
  });
}

/** The statements each PostgreSQL transaction handed to its connection without waiting. */
const unanswered = new WeakMap<Executor, Promise<unknown>[]>();

/**
 * Runs a statement whose answer nobody reads (a named lock, a row nothing reads back). Inside a
 * PostgreSQL transaction it is handed to the connection and not waited for: the driver's
 * pipeline sends it at once and the server runs it before whatever the transaction sends next;
 * the transaction waits for its answer before it commits, and fails with it. Elsewhere it is run
 * and waited for.
 */
export async function runUnanswered(
  k: Executor,
  statement: (k: Executor) => Promise<unknown>,
): Promise<void> {
  const handed = unanswered.get(k);
  if (!handed) return void (await statement(k));
  const sent = statement(k);
  sent.catch(() => undefined);
  handed.push(sent);
}

/** Opens the database and brings its fixed tables up to date. */
export async function connectDatabase(
  target: DatabaseTarget,
  migrations: Record<string, Migration>,
): Promise<Database> {
  const db = openDatabase(target);
  try {
    await runMigrations(db, migrations);
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}
