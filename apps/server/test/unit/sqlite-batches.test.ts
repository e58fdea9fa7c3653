import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { SQLite } from '../../src/db/sqlite-driver.js';
import { sqliteBatches } from '../../src/db/sqlite-batches.js';
import type { Executor } from '../../src/modules/databases/documents/store.js';

let db: Database;
let dir = '';
let file = '';
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'courtside-batches-'));
  file = join(dir, 'shop.db');
  db = openDatabase({ kind: 'sqlite', file });
  await sql`CREATE TABLE stock (id TEXT PRIMARY KEY, pairs INTEGER NOT NULL CHECK (pairs >= 0))`.execute(
    db.kysely,
  );
  await sql`INSERT INTO stock VALUES ('p', 3)`.execute(db.kysely);
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What another process reading the file sees: only what was committed. */
const committedPairs = () => {
  const other = new SQLite(file, { readonly: true });
  try {
    return (other.prepare(`SELECT pairs FROM stock WHERE id = 'p'`).get() as { pairs: number })
      .pairs;
  } finally {
    other.close();
  }
};

/** One pair taken, as an order would: read the stock, refuse when none is left, write it. */
const takeOne = async (k: Executor) => {
  const row = await sql<{ pairs: number }>`SELECT pairs FROM stock WHERE id = 'p'`.execute(k);
  const pairs = row.rows[0]!.pairs;
  if (pairs === 0) throw new Error('sold out');
  await sql`UPDATE stock SET pairs = ${pairs - 1} WHERE id = 'p'`.execute(k);
  return pairs - 1;
};

describe('SQLite group commit', () => {
  it('runs units waiting together one after another in one transaction, each seeing the last', async () => {
    const batches = sqliteBatches(db.kysely);
    const commits: number[] = [];
    let seenBeforeResolve = -1;
    const units = Array.from({ length: 5 }, () =>
      batches.run(takeOne).then(
        (left) => {
          // Told only once the writes are committed: another process already sees them.
          seenBeforeResolve = committedPairs();
          commits.push(left);
          return left;
        },
        (e: Error) => e.message,
      ),
    );
    expect(await Promise.all(units)).toEqual([2, 1, 0, 'sold out', 'sold out']);
    expect(seenBeforeResolve).toBe(0);
    expect(committedPairs()).toBe(0);
  });

  it('undoes a failing unit alone: the others keep their writes', async () => {
    const batches = sqliteBatches(db.kysely);
    const half = async (k: Executor) => {
      await sql`UPDATE stock SET pairs = pairs - 1 WHERE id = 'p'`.execute(k);
      throw new Error('changed its mind');
    };
    const results = await Promise.allSettled([
      batches.run(takeOne),
      batches.run(half),
      batches.run(takeOne),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('changed its mind');
    expect(committedPairs()).toBe(1);
  });

  it('fails every unit of a batch whose commit fails, and keeps none of their writes', async () => {
    const batches = sqliteBatches(db.kysely);
    // A deferred foreign key is checked at COMMIT: the unit that breaks it passes, the commit
    // does not.
    await sql`CREATE TABLE lines (product TEXT REFERENCES stock (id) DEFERRABLE INITIALLY DEFERRED)`.execute(
      db.kysely,
    );
    const dangling = async (k: Executor) => {
      await sql`INSERT INTO lines VALUES ('no-such-product')`.execute(k);
      return 'written';
    };
    const results = await Promise.allSettled([
      batches.run(takeOne),
      batches.run(dangling),
      batches.run(takeOne),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedPairs()).toBe(3);
    // The connection is usable again: the next unit commits alone.
    expect(await batches.run(takeOne)).toBe(2);
    expect(committedPairs()).toBe(2);
  });

  it('lets reads queued while a batch ran go before the next batch', async () => {
    const batches = sqliteBatches(db.kysely);
    const order: string[] = [];
    const first = batches.run(async (k) => {
      order.push('unit 1');
      return takeOne(k);
    });
    // Queued on the connection behind the first batch, ahead of the unit that comes after.
    const read = (async () => {
      await new Promise((r) => setImmediate(r));
      const r = await sql<{ pairs: number }>`SELECT pairs FROM stock`.execute(db.kysely);
      order.push(`read ${r.rows[0]!.pairs}`);
    })();
    await first;
    const second = batches.run(async (k) => {
      order.push('unit 2');
      return takeOne(k);
    });
    await Promise.all([read, second]);
    expect(order).toEqual(['unit 1', 'read 2', 'unit 2']);
  });
});
