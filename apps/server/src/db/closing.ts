import {
  CompiledQuery,
  type Compilable,
  type PostgresPool,
  type PostgresPoolClient,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import type { ClosingStatement, Executor } from './types.js';

export type { ClosingStatement };

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
 * `'5'` becomes a number or a text by where it stands, exactly as the parameter would). Throws
 * for what cannot be written so (tryInlined says null).
 */
export function inlined(q: CompiledQuery): string {
  const text = tryInlined(q);
  if (text === null) throw new Error(`a statement that cannot be sent as text: ${q.sql}`);
  return text;
}

/**
 * `inlined`, or null when a parameter is not text, a number or a boolean, or the statement has
 * a dollar-quoted string. Placeholders are read only outside quoted strings and names, as the
 * server reads them.
 */
export function tryInlined(q: CompiledQuery): string | null {
  // A NUL would end the message's text early; as a parameter the server refuses it cleanly.
  const ok = (v: unknown) =>
    v == null ||
    (typeof v === 'string' && !v.includes('\u0000')) ||
    typeof v === 'number' ||
    typeof v === 'boolean';
  if (!q.parameters.every(ok)) return null;
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < q.sql.length; i++) {
    const c = q.sql[i]!;
    if (quote) {
      out += c;
      if (c === quote) quote = null; // a doubled quote closes and opens again
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    if (c !== '$') {
      out += c;
      continue;
    }
    const digits = /^\d+/.exec(q.sql.slice(i + 1))?.[0];
    if (!digits) return null; // $tag$ ... $tag$
    const index = Number(digits) - 1;
    if (index < 0 || index >= q.parameters.length) return null;
    out += literal(q.parameters[index]);
    i += digits.length;
  }
  return out;
}

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
 * The one parameter of a statement whose answer nobody reads (BEGIN, taking a lock), written
 * out already: it waits for the transaction's next statement, to reach the server in the same
 * message (one round trip fewer).
 */
export const WITH_NEXT = Symbol('with the next statement');

/**
 * Sends `query` with the next statement of the transaction (PostgreSQL, Database.write): it
 * runs first, in the same message, so whatever follows it sees it done; an error in it fails
 * that message, and the transaction. At once, as usual, outside such a transaction or when its
 * parameters cannot be written in.
 */
export async function sendWithNext(
  k: Executor,
  query: RawBuilder<unknown> | Compilable,
): Promise<void> {
  const compiled = 'isRawBuilder' in query ? query.compile(k) : query.compile();
  const text = tryInlined(compiled);
  if (text === null) return void (await k.executeQuery(compiled));
  await k.executeQuery(CompiledQuery.raw(text, [WITH_NEXT]));
}

/**
 * The pool as Kysely sees it. A query whose only parameter is SEVERAL is sent as one message of
 * several statements and answered with the rows of each. One whose only parameter is WITH_NEXT
 * is held back and sent with the next, as `BEGIN; <statement>` with the statement's parameters
 * written in, or on its own first when they cannot be. A ROLLBACK drops what is held, and is
 * itself not sent while BEGIN never was. Each client keeps one wrapper, so Kysely knows it again.
 */
export function severalStatementsPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const nothing = (command: string) => ({ command, rowCount: null, rows: [] });
  const wrap = (client: pg.PoolClient) => {
    let held: string[] = [];
    const several = (values: readonly unknown[] | undefined) =>
      values?.length === 1 && values[0] === SEVERAL;
    /** `text` after `before`, in one message; its own answer, as one statement's or several's. */
    const send = async (before: string[], text: string, values: readonly unknown[] | undefined) => {
      if (several(values)) {
        const results = each(await client.query([...before, text].join(';\n'))).slice(
          before.length,
        );
        return { command: 'SEVERAL', rowCount: null, rows: results.map((r) => r.rows) };
      }
      if (before.length === 0) return client.query(text, values as unknown[] | undefined);
      const parameters = [...(values ?? [])];
      const statement = tryInlined(CompiledQuery.raw(text, parameters));
      if (statement === null) {
        // Both queued at once, so nothing can come between them on this client.
        const held = client.query(before.join(';\n'));
        const answer = client.query(text, parameters);
        answer.catch(() => undefined);
        await held;
        return answer;
      }
      return each(await client.query([...before, statement].join(';\n')))[before.length]!;
    };
    /** In a transaction begun with a held BEGIN: what is held goes with its next statement. */
    let open = false;
    return {
      query(text: unknown, values?: readonly unknown[]) {
        if (typeof text !== 'string') return client.query(text as pg.QueryConfig);
        if (values?.length === 1 && values[0] === WITH_NEXT) {
          if (text === 'BEGIN') open = true;
          // Outside such a transaction nothing may follow on this client: sent at once.
          if (!open) return client.query(text);
          held.push(text);
          return Promise.resolve(nothing('HELD'));
        }
        const before = held;
        held = [];
        if (/^ROLLBACK$/i.test(text)) {
          open = false;
          return before.includes('BEGIN')
            ? Promise.resolve(nothing('ROLLBACK'))
            : client.query(text);
        }
        if (several(values)) open = false; // closing.ts sends COMMIT last in it
        return send(before, text, values);
      },
      release: (e?: Error | boolean) => {
        held = [];
        open = false;
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
