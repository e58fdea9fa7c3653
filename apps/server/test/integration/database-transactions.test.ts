import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runUnanswered, type Database } from '../../src/db/database.js';
import { createPostgresDatabase, type TestDatabase } from '../support/databases.js';

/**
 * A unit of work (Database.write) on either database: all or nothing, its closing statements
 * last; a statement whose answer nobody waits for (runUnanswered, PostgreSQL's pipeline) still
 * fails the unit with its own error, and what the unit wrote is rolled back.
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
});
