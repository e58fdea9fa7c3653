import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, optimizeStatistics, type Database } from '../../src/db/database.js';

let db: Database | null = null;
let dir = '';
afterEach(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rowsSeen = async (d: Database) => {
  const read = await sql<{
    stat: string;
  }>`SELECT stat FROM sqlite_stat1 WHERE idx = 'orders_user'`.execute(d.kysely);
  return Number(read.rows[0]?.stat.split(' ')[0]);
};

describe("SQLite's statistics", () => {
  it('follow a table that grew far past what the last analysis saw', async () => {
    dir = mkdtempSync(join(tmpdir(), 'courtside-stats-'));
    db = openDatabase({ kind: 'sqlite', file: join(dir, 'shop.db') });
    const k = db.kysely;
    await sql`CREATE TABLE orders (id INTEGER PRIMARY KEY, user_id TEXT, status TEXT)`.execute(k);
    await sql`CREATE INDEX orders_user ON orders (user_id)`.execute(k);
    const add = (n: number) =>
      sql`WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${n})
          INSERT INTO orders (user_id, status) SELECT 'u' || (i % 500), 'pending' FROM s`.execute(
        k,
      );
    await add(50);
    await sql`ANALYZE`.execute(k);
    expect(await rowsSeen(db)).toBe(50);
    await add(20_000);
    await optimizeStatistics(k);
    expect(await rowsSeen(db)).toBeGreaterThan(10_000);
    // The sample limit is for the optimisation only: a later ANALYZE reads every row again.
    const limit = await sql<{ analysis_limit: number }>`PRAGMA analysis_limit`.execute(k);
    expect(limit.rows[0]?.analysis_limit).toBe(0);
  });
});
