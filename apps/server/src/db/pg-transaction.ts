import {
  Transaction,
  sql,
  type ConnectionProvider,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type KyselyConfig,
} from 'kysely';
import { isAfterFailure, TransactionEndedError } from './errors.js';
import type { ClosingStatement, Executor } from './types.js';

/**
 * The statements of one PostgreSQL transaction, handed to its connection as they come. Kysely's
 * own `connection()` waits for each statement's answer before it hands over the next, so the
 * driver's pipeline mode never had two statements to send at once; here a statement goes out as
 * soon as it is made, and statements made together (`Promise.all`) travel in one write, each
 * still answered on its own, in the order sent.
 *
 * Every statement is remembered, so the transaction knows whether any failed (PostgreSQL runs a
 * COMMIT after a failure as a rollback, without an error), and none is sent once it has ended.
 */
class PipelinedConnection implements ConnectionProvider {
  readonly #connection: DatabaseConnection;
  readonly #sent: Promise<unknown>[] = [];
  #open = true;

  constructor(connection: DatabaseConnection) {
    this.#connection = connection;
  }

  provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    if (!this.#open) {
      return Promise.reject(new TransactionEndedError());
    }
    const sent = consumer(this.#connection);
    sent.catch(() => undefined); // its caller hears of a failure; the transaction checks below
    this.#sent.push(sent);
    return sent;
  }

  /** No statement goes out after this (a part of the work still running is refused). */
  close(): void {
    this.#open = false;
  }

  /** Once every statement sent has been answered: the first that failed, in the order sent. */
  async firstFailure(): Promise<{ error: unknown } | null> {
    let first: { error: unknown } | null = null;
    // Statements may still be sent while earlier ones are awaited: read on to the end.
    for (let i = 0; i < this.#sent.length; i++) {
      try {
        await this.#sent[i];
      } catch (error) {
        first ??= { error };
      }
    }
    return first;
  }
}

/** The transactions under way, by the executor their work was given. */
const pipelined = new WeakMap<Executor, PipelinedConnection>();

/**
 * What a transaction's executor is made of, beside its connection: the database's Kysely (its
 * executor, with its plugins and logging), the configuration and dialect it was made from.
 */
export interface PipelineBase {
  kysely: Kysely<object>;
  config: KyselyConfig;
  /** Never used: a Kysely `Transaction` refuses everything that would reach its driver. */
  driver: Driver;
}

/**
 * A transaction on one connection of the pool: BEGIN, the unit's statements, its closing
 * statements, COMMIT, with the driver's pipeline mode: BEGIN travels with the unit's first
 * statement, statements the work makes together travel together, a statement whose answer
 * nobody reads (`runUnanswered`) is not waited for, and the closing statements travel with
 * COMMIT. Should any statement fail, PostgreSQL turns the COMMIT behind it into a rollback and
 * the unit fails with that statement's error, as it would one statement at a time.
 */
export async function pgTransaction<T>(
  base: PipelineBase,
  work: (k: Executor) => Promise<T>,
  closing: (() => readonly ClosingStatement[]) | undefined,
): Promise<T> {
  const executor = base.kysely.getExecutor();
  return executor.provideConnection(async (connection) => {
    const line = new PipelinedConnection(connection);
    const k: Executor = new Transaction<object>({
      config: base.config,
      dialect: base.config.dialect,
      driver: base.driver,
      executor: executor.withConnectionProvider(line),
    });
    pipelined.set(k, line);
    const begun = sql`BEGIN`.execute(k);
    try {
      const result = await work(k);
      const last = closing?.() ?? [];
      const ran = await Promise.all([
        ...last.map((s) => s.query.execute(k)),
        sql`COMMIT`.execute(k),
      ]);
      // A failure nobody waited for: the COMMIT was a rollback.
      const failed = await line.firstFailure();
      if (failed) throw failed.error;
      last.forEach((s, i) => s.rows?.(ran[i]!.rows as Record<string, unknown>[]));
      return result;
    } catch (e) {
      line.close();
      const failed = await line.firstFailure();
      await begun.catch(() => undefined);
      // On the connection itself: the transaction's executor sends nothing more.
      await connection.executeQuery(sql`ROLLBACK`.compile(k)).catch(() => undefined);
      // A statement refused after an earlier failure: that earlier one is the cause.
      throw failed && isAfterFailure(e) ? failed.error : e;
    }
  });
}

/**
 * Runs a statement whose answer nobody reads (a named lock, a row nothing reads back). Inside a
 * PostgreSQL transaction it is handed to the connection and not waited for: the driver's
 * pipeline sends it at once and the server runs it before whatever the transaction sends next;
 * the transaction fails with its error, should it fail, before it commits. Elsewhere it is run
 * and waited for.
 */
export async function runUnanswered(
  k: Executor,
  statement: (k: Executor) => Promise<unknown>,
): Promise<void> {
  if (!pipelined.has(k)) return void (await statement(k));
  statement(k).catch(() => undefined); // the transaction checks every statement it sent
}
