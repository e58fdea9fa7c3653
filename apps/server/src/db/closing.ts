import { CompiledQuery, type PostgresPool, type PostgresPoolClient, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { Executor } from './database.js';

/**
 * A statement that ends a unit of work (Database.write): run after everything else the unit
 * does, in order, and handed its rows. On PostgreSQL the closing statements travel with the
 * COMMIT in one message, so rows that every writer updates (the write counts, a day's figures)
 * stay locked only while the server runs them and flushes the commit: not while Node, busy with
 * other requests, gets round to reading one answer and sending the next statement.
 */
export interface ClosingStatement {
  query: RawBuilder<unknown>;
  /** Called with the statement's rows once it ran (on PostgreSQL, once it has committed). */
  rows?: (rows: Record<string, unknown>[]) => void;
}

/** The one parameter of a message of several statements, telling the pool to send it as is. */
export const SEVERAL = Symbol('several statements');

/** Runs closing statements one by one (SQLite: its transaction is committed by the batch). */
export async function runClosing(k: Executor, closing: readonly ClosingStatement[]) {
  for (const s of closing) {
    const { rows } = await s.query.execute(k);
    s.rows?.(rows as Record<string, unknown>[]);
  }
}

/**
 * Sends the closing statements and COMMIT as one message (PostgreSQL's simple protocol, which
 * carries no parameters: they are written into the text as literals). Should one statement fail,
 * the server skips the rest, COMMIT included, and the transaction is left to be rolled back.
 * Returns each statement's rows.
 */
export async function commitWith(
  k: Executor,
  closing: readonly ClosingStatement[],
): Promise<Record<string, unknown>[][]> {
  const text = [...closing.map((s) => inlined(s.query.compile(k))), 'COMMIT'].join(';\n');
  const { rows } = await k.executeQuery(CompiledQuery.raw(text, [SEVERAL]));
  return rows as unknown as Record<string, unknown>[][];
}

/** A compiled PostgreSQL statement with its `$n` parameters written in as literals. */
export function inlined(q: CompiledQuery): string {
  return q.sql.replace(/\$(\d+)/g, (_, n: string) => literal(q.parameters[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a number a statement can carry: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`a closing statement carries text, numbers and booleans only: ${typeof value}`);
}

/** The answer to a message of several statements: each one's rows, in order. */
type Answer = pg.QueryResult | pg.QueryResult[];

/**
 * The pool as Kysely sees it, where a query whose only parameter is SEVERAL is sent as one
 * message of several statements and answered with the rows of each. Each client keeps one
 * wrapper, so Kysely knows it again.
 */
export function severalStatementsPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) =>
    ({
      query(text: unknown, values?: readonly unknown[]) {
        if (values?.length === 1 && values[0] === SEVERAL) {
          return client.query(text as string).then((answer: Answer) => {
            const each = Array.isArray(answer) ? answer : [answer];
            return { command: 'SEVERAL', rowCount: null, rows: each.map((r) => r.rows) };
          });
        }
        return values === undefined
          ? client.query(text as pg.QueryConfig)
          : client.query(text as string, values as unknown[]);
      },
      release: (e?: Error | boolean) => client.release(e),
    }) as unknown as PostgresPoolClient;
  return {
    async connect() {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) wrapped.set(client, (w = wrap(client)));
      return w;
    },
    end: () => pool.end(),
  };
}
