import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  inlined,
  SEVERAL,
  severalStatementsPool,
  tryInlined,
  WITH_NEXT,
} from '../../src/db/closing.js';

const q = (text: string, ...parameters: unknown[]) => CompiledQuery.raw(text, parameters);

describe('statements written out for one PostgreSQL message', () => {
  it('writes each parameter in as the quoted text pg would send for it', () => {
    expect(inlined(q('UPDATE t SET a = $1, b = $2, c = $3, d = $4', 2, -0.5, null, true))).toBe(
      "UPDATE t SET a = '2', b = '-0.5', c = NULL, d = 'true'",
    );
    // Ten and more parameters: $10 is the tenth, not the first followed by a zero.
    const many = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(inlined(q(many.map((n) => `$${n}`).join(','), ...many))).toBe(
      many.map((n) => `'${n}'`).join(','),
    );
  });

  it('quotes text so that nothing in it can end the literal', () => {
    expect(inlined(q('SELECT $1', "it's"))).toBe("SELECT 'it''s'");
    expect(inlined(q('SELECT $1', "a\\'; DROP TABLE t; --"))).toBe(
      "SELECT  E'a\\\\''; DROP TABLE t; --'",
    );
    // A literal holding "$2" is not read again as a parameter.
    expect(inlined(q('SELECT $1, $2', '$2', 7))).toBe("SELECT '$2', '7'");
  });

  it('refuses what it cannot write as a literal', () => {
    expect(() => inlined(q('SELECT $1', Buffer.from('x')))).toThrow(/cannot be sent as text/);
    expect(tryInlined(q('SELECT $1', new Date()))).toBeNull();
    expect(tryInlined(q('SELECT $2', 1))).toBeNull();
    // A NUL would end the message's text: sent as a parameter, the server refuses it cleanly.
    expect(tryInlined(q('SELECT $1', 'a\u0000b'))).toBeNull();
  });

  it('reads placeholders only outside quoted strings and names, as the server does', () => {
    expect(inlined(q(`SELECT '$1', "$1", 'it''s $1', $1`, 'x'))).toBe(
      `SELECT '$1', "$1", 'it''s $1', 'x'`,
    );
    // A dollar-quoted string is not written out: the statement goes with its parameters.
    expect(tryInlined(q('SELECT $body$ $1 $body$, $1', 'x'))).toBeNull();
  });
});

/** A pool of one fake client that records what it was sent and answers each statement. */
function fakePool() {
  const sent: string[] = [];
  const client = {
    query(text: string, values?: unknown[]) {
      sent.push(values?.length ? `${text} [${values.join(', ')}]` : text);
      const statements = text.split(';\n');
      const results = statements.map((s) => ({
        command: s.split(' ')[0],
        rowCount: 1,
        rows: [{ s }],
      }));
      return Promise.resolve(results.length === 1 ? results[0] : results);
    },
    release() {},
  };
  const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() };
  return { sent, pool: severalStatementsPool(pool as unknown as pg.Pool) };
}

describe('the pool as Kysely sees it', () => {
  it('sends a held BEGIN with the next statement, its parameters written in', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    expect(await c.query('BEGIN', [WITH_NEXT])).toMatchObject({ rows: [] });
    expect(sent).toEqual([]);
    const answer = await c.query('SELECT * FROM t WHERE id = $1', ['a']);
    expect(sent).toEqual(["BEGIN;\nSELECT * FROM t WHERE id = 'a'"]);
    expect(answer.rows).toEqual([{ s: "SELECT * FROM t WHERE id = 'a'" }]);
    // Then statements go as they are, with their parameters.
    await c.query('SELECT $1', [1]);
    expect(sent[1]).toBe('SELECT $1 [1]');
  });

  it('sends whatever is held, in order, before the next statement', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    await c.query('BEGIN', [WITH_NEXT]);
    await c.query("SELECT lock('figures')", [WITH_NEXT]);
    const answer = await c.query('SELECT n FROM t WHERE id = $1', ['a']);
    expect(sent).toEqual(["BEGIN;\nSELECT lock('figures');\nSELECT n FROM t WHERE id = 'a'"]);
    expect(answer.rows).toEqual([{ s: "SELECT n FROM t WHERE id = 'a'" }]);
    // A lock held once BEGIN has gone is dropped by a ROLLBACK, which is sent.
    await c.query("SELECT lock('other')", [WITH_NEXT]);
    await c.query('ROLLBACK', []);
    expect(sent.slice(1)).toEqual(['ROLLBACK']);
  });

  it('sends BEGIN on its own first when the statement carries what cannot be written in', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    await c.query('BEGIN', [WITH_NEXT]);
    await c.query('INSERT INTO t VALUES ($1)', [Buffer.from('x')]);
    expect(sent).toEqual(['BEGIN', 'INSERT INTO t VALUES ($1) [x]']);
  });

  it('sends nothing for a transaction rolled back before its first statement', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    await c.query('BEGIN', [WITH_NEXT]);
    await c.query('ROLLBACK', []);
    await c.query('SELECT 1', []);
    expect(sent).toEqual(['SELECT 1']);
  });

  it('answers a message of several statements with the rows of each, after a held BEGIN too', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    await c.query('BEGIN', [WITH_NEXT]);
    const answer = await c.query("UPDATE t SET a = '1';\nCOMMIT", [SEVERAL]);
    expect(sent).toEqual(["BEGIN;\nUPDATE t SET a = '1';\nCOMMIT"]);
    expect(answer.rows).toEqual([[{ s: "UPDATE t SET a = '1'" }], [{ s: 'COMMIT' }]]);
  });

  it('sends a statement at once outside a transaction begun by a held BEGIN', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    await c.query("INSERT INTO t VALUES ('a')", [WITH_NEXT]);
    expect(sent).toEqual(["INSERT INTO t VALUES ('a')"]);
    // Nor once that transaction has committed.
    await c.query('BEGIN', [WITH_NEXT]);
    await c.query('COMMIT', [SEVERAL]);
    await c.query("INSERT INTO t VALUES ('b')", [WITH_NEXT]);
    expect(sent.slice(1)).toEqual(['BEGIN;\nCOMMIT', "INSERT INTO t VALUES ('b')"]);
  });

  it('forgets a held BEGIN when the client goes back to the pool', async () => {
    const { sent, pool } = fakePool();
    const c = await pool.connect();
    await c.query('BEGIN', [WITH_NEXT]);
    c.release();
    const again = await pool.connect();
    expect(again).toBe(c);
    await again.query('SELECT 1', []);
    expect(sent).toEqual(['SELECT 1']);
  });
});
