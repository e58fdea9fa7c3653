import type { Kysely, RawBuilder } from 'kysely';

/** The types every part of db/ and its users share (no code: nothing here imports back). */

export type Dialect = 'sqlite' | 'postgres';

/**
 * The database handle every module receives. Modules describe their own tables and view the
 * handle through `kysely.withTables<TheirTables>()`; documents live in tables made at run time.
 */
export interface Database {
  readonly kysely: Kysely<object>;
  readonly dialect: Dialect;
  /**
   * Runs `work` as one atomic unit and resolves once it is committed. On SQLite it shares the
   * transaction of the units waiting with it (group commit, `sqlite-batches.ts`); on PostgreSQL
   * it has an ordinary transaction of its own. `closing`, asked once `work` is done, gives the
   * statements that end the unit, run just before its COMMIT (closing.ts).
   */
  write<T>(
    work: (k: Executor) => Promise<T>,
    closing?: () => readonly ClosingStatement[],
  ): Promise<T>;
  /**
   * A write of one statement: on SQLite it joins the group commit as `write` does (a commit of
   * its own would cost more than the statement); on PostgreSQL the statement commits by itself.
   */
  writeOne<T>(work: (k: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The connection or transaction a unit of work runs its statements on. */
export type Executor = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A statement that ends a unit of work (Database.write): run after everything else the unit
 * does, in order, just before its COMMIT, and handed its rows. Rows that every writer updates
 * (the write counts, a day's figures) are updated this way, so they stay locked for the end of
 * the transaction only, not from the moment its work first touched them.
 */
export interface ClosingStatement {
  query: RawBuilder<unknown>;
  /** Called with the statement's rows once it ran. */
  rows?: (rows: Record<string, unknown>[]) => void;
}
