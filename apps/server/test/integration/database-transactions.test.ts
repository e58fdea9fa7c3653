import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, runUnanswered, type Database } from '../../src/db/database.js';
import { together } from '../../src/db/together.js';
import { createPostgresDatabase, type TestDatabase } from '../support/databases.js';

/**
 * A unit of work (Database.write) on either database: all or nothing, its closing statements
 * last; a statement whose answer nobody waits for (runUnanswered, PostgreSQL's pipeline), or one
 * among several sent together, still fails the unit with its own error, and what the unit wrote
 * is rolled back.
 */
let db: Database;
let pgDb: TestDatabase | null = null;
beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') {
    pgDb = await createPostgresDatabase();
    db = openDatabase({ kind: 'postgres', url: pgDb.url });
  } else {
    db = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'cs-')), 'db') });
  }
  await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(db.kysely);
});
afterAll(async () => {
  await db.close();
  await pgDb?.drop();
});

const rows = async () =>
  (await sql<{ id: number; n: number }>`SELECT id, n FROM t ORDER BY id`.execute(db.kysely)).rows;

describe('a unit of work', () => {
  it('commits its statements, then its closing statements, handing them their rows', async () => {
    let closingRows: unknown[] = [];
    await db.write(
      async (k) => {
        await runUnanswered(k, (t) => sql`INSERT INTO t (id, n) VALUES (1, 1)`.execute(t));
        await sql`INSERT INTO t (id, n) VALUES (2, 2)`.execute(k);
      },
      () => [
        {
          query: sql`UPDATE t SET n = n + 10 WHERE id = 1 RETURNING n`,
          rows: (r) => (closingRows = r),
        },
      ],
    );
    expect(closingRows).toEqual([{ n: 11 }]);
    expect(await rows()).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 2 },
    ]);
  });

  it('fails with the error of a statement it did not wait for, and keeps nothing', async () => {
    const failing = db.write(async (k) => {
      await sql`INSERT INTO t (id, n) VALUES (3, 3)`.execute(k);
      await runUnanswered(k, (t) => sql`INSERT INTO t (id, n) VALUES (1, 1)`.execute(t));
      await sql`INSERT INTO t (id, n) VALUES (4, 4)`.execute(k);
    });
    await expect(failing).rejects.toThrow(/unique|UNIQUE|duplicate/);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('keeps nothing when a closing statement fails', async () => {
    const failing = db.write(
      async (k) => void (await sql`INSERT INTO t (id, n) VALUES (5, 5)`.execute(k)),
      () => [{ query: sql`INSERT INTO t (id, n) VALUES (2, 2)` }],
    );
    await expect(failing).rejects.toThrow(/unique|UNIQUE|duplicate/);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('fails with the error of the one that failed among statements sent together', async () => {
    const failing = db.write(async (k) => {
      await together([
        sql`INSERT INTO t (id, n) VALUES (6, 6)`.execute(k),
        sql`INSERT INTO t (id, n) VALUES (1, 1)`.execute(k),
        // A step that goes on after its first answer: it has ended before the unit is undone.
        (async () => {
          await sql`SELECT 1`.execute(k);
          await sql`INSERT INTO t (id, n) VALUES (7, 7)`.execute(k);
        })(),
      ]);
    });
    await expect(failing).rejects.toThrow(/unique|UNIQUE|duplicate/);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('gives each of the statements sent together its own answer', async () => {
    const [one, two] = await db.write((k) =>
      together([
        sql<{ v: number }>`SELECT 1 AS v`.execute(k),
        sql<{ v: number }>`SELECT 2 AS v`.execute(k),
      ]),
    );
    expect([one.rows, two.rows]).toEqual([[{ v: 1 }], [{ v: 2 }]]);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('a unit of work on PostgreSQL', () => {
  it('hands statements made together to the connection before the first is answered', async () => {
    const seen: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      const text = String(args[0]);
      seen.push(`sent ${text}`);
      if (answer instanceof Promise) void answer.then(() => seen.push(`answered ${text}`));
      return answer;
    } as typeof query);
    try {
      await db.write((k) =>
        together([sql`SELECT pg_sleep(0.05)`.execute(k), sql`SELECT 2`.execute(k)]),
      );
    } finally {
      vi.restoreAllMocks();
    }
    expect(seen.indexOf('sent SELECT 2')).toBeLessThan(
      seen.indexOf('answered SELECT pg_sleep(0.05)'),
    );
    expect(seen.indexOf('sent SELECT pg_sleep(0.05)')).toBeLessThan(seen.indexOf('answered BEGIN'));
  });

  it('fails, keeping nothing, when a statement failed though the work went on', async () => {
    // PostgreSQL answers the COMMIT of a transaction with a failed statement by rolling back.
    const failing = db.write(async (k) => {
      await sql`INSERT INTO t (id, n) VALUES (8, 8)`.execute(k);
      await sql`INSERT INTO t (id, n) VALUES (1, 1)`.execute(k).catch(() => undefined);
    });
    await expect(failing).rejects.toThrow(/duplicate/);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it('sends nothing for a step that goes on after its unit has failed', async () => {
    let late: Promise<unknown> = Promise.resolve();
    const failing = db.write(async (k) => {
      late = (async () => {
        await new Promise((r) => setTimeout(r, 50));
        await sql`INSERT INTO t (id, n) VALUES (9, 9)`.execute(k);
      })();
      // Plain Promise.all: the unit fails at once, while the other step still waits.
      await Promise.all([sql`INSERT INTO t (id, n) VALUES (1, 1)`.execute(k), late]);
    });
    await expect(failing).rejects.toThrow(/duplicate/);
    await expect(late).rejects.toThrow(/transaction has ended/);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });
});
