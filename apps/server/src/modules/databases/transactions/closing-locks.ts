import { sql } from 'kysely';
import type { Collection } from '../collections.js';
import type { Tx } from './transactions.js';

/** The documents of each collection table a transaction's closing adds update. */
const locked = new WeakMap<Tx, Map<string, Set<string>>>();

/**
 * On PostgreSQL, the documents a transaction's closing adds update are locked first, all of a
 * table in one closing statement, in id order (their ids read when it runs): of two transactions
 * adding to a day and the month, neither can hold one row and wait for the other, as an UPDATE
 * of several rows, which locks them in the order it finds them, could.
 */
export function lockAtCommit(tx: Tx, c: Collection, ids: readonly string[]): void {
  let byTable = locked.get(tx);
  if (!byTable) locked.set(tx, (byTable = new Map()));
  let known = byTable.get(c.table);
  if (!known) {
    const all = (known = new Set());
    byTable.set(c.table, all);
    tx.atCommit(c, {
      get query() {
        const sorted = sql.join([...all].sort());
        return sql`SELECT _id FROM ${sql.table(c.table)} WHERE _id IN (${sorted}) ORDER BY _id FOR UPDATE`;
      },
    });
  }
  for (const id of ids) known.add(id);
}
