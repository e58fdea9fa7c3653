import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SQLite } from './sqlite-driver.js';
import { keptStatements } from './sqlite-statements.js';
import { sqliteBatches } from './sqlite-batches.js';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyConfig,
  type Migration,
} from 'kysely';
import pg from 'pg';
import { runMigrations } from './migrate.js';
import { runClosing } from './closing.js';
import { pgTransaction } from './pg-transaction.js';
import { TurnSocket } from './pg-socket.js';

import type { Database, Dialect, Executor } from './types.js';

export type { Database, Dialect, Executor };
export { runUnanswered } from './pg-transaction.js';

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
    // The statements of one turn written together (pg-socket.ts).
    stream: () => new TurnSocket(),
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
  const config: KyselyConfig = {
    dialect: new PostgresDialect({ pool }),
  };
  const kysely = new Kysely<object>(config);
  const base = { kysely, config, driver: config.dialect.createDriver() };
  return {
    kysely,
    dialect: 'postgres',
    write: (work, closing) => pgTransaction(base, work, closing),
    writeOne: (work) => work(kysely),
    close: () => kysely.destroy(),
  };
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
