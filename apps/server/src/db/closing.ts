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

/**
 * A compiled PostgreSQL statement with its `$n` parameters written in as literals: each as the
 * quoted text `pg` would send for it, which the server reads as a parameter of unknown type (so
 * `'5'` becomes a number or a text by where it stands, exactly as the parameter would).
 */
export function inlined(q: CompiledQuery): string {
  return q.sql.replace(/\$(\d+)/g, (_, n: string) => literal(q.parameters[Number(n) - 1]));
}

/** Whether every parameter of `q` can be written as a literal (inlined). */
const inlinable = (q: { parameters: readonly unknown[] }) =>
  q.parameters.every((v) => v == null || ['string', 'number', 'boolean'].includes(typeof v));

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean') {
    return pg.escapeLiteral(String(value));
  }
  throw new Error(
    `a statement sent as text carries text, numbers and booleans only: ${typeof value}`,
  );
}

/** The answer to a message of several statements: each one's result, in order. */
type Answer = pg.QueryResult | pg.QueryResult[];
const each = (answer: Answer) => (Array.isArray(answer) ? answer : [answer]);

/**
 * The one parameter of a BEGIN that waits for the transaction's first statement, to go to the
 * server in the same message (one round trip fewer per transaction).
 */
export const BEGIN_WITH_NEXT = Symbol('begin with the next statement');

/**
 * The pool as Kysely sees it. A query whose only parameter is SEVERAL is sent as one message of
 * several statements and answered with the rows of each. A BEGIN_WITH_NEXT is held back and
 * sent with the next statement, as `BEGIN; <statement>` with its parameters written in, or on
 * its own first when they cannot be (a ROLLBACK before anything was sent sends nothing). Each
 * client keeps one wrapper, so Kysely knows it again.
 */
export function severalStatementsPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) => {
    let beginHeld = false;
    const send = async (text: string, values: readonly unknown[] | undefined) => {
      if (values?.length === 1 && values[0] === SEVERAL) {
        const results = each(await client.query(text));
        return { command: 'SEVERAL', rowCount: null, rows: results.map((r) => r.rows) };
      }
      return client.query(text, values as unknown[] | undefined);
    };
    const sendAfterBegin = async (text: string, values: readonly unknown[] | undefined) => {
      beginHeld = false;
      if (/^ROLLBACK$/i.test(text)) return { command: 'ROLLBACK', rowCount: null, rows: [] };
      const params = values ?? [];
      if (params.length === 1 && params[0] === SEVERAL) {
        const results = each(await client.query(`BEGIN;\n${text}`)).slice(1);
        return { command: 'SEVERAL', rowCount: null, rows: results.map((r) => r.rows) };
      }
      if (!inlinable({ parameters: params })) {
        await client.query('BEGIN');
        return send(text, values);
      }
      const statement = inlined(CompiledQuery.raw(text, [...params]));
      return each(await client.query(`BEGIN;\n${statement}`))[1]!;
    };
    return {
      query(text: unknown, values?: readonly unknown[]) {
        if (typeof text !== 'string') return client.query(text as pg.QueryConfig);
        if (values?.length === 1 && values[0] === BEGIN_WITH_NEXT) {
          beginHeld = true;
          return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [] });
        }
        return beginHeld ? sendAfterBegin(text, values) : send(text, values);
      },
      release: (e?: Error | boolean) => {
        beginHeld = false;
        client.release(e);
      },
    } as unknown as PostgresPoolClient;
  };
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
