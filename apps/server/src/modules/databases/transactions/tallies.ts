import { sql } from 'kysely';
import type { Executor } from '../documents/store.js';

/**
 * Tallies: named numbers the server keeps beside the documents, read and written inside a
 * document transaction, so they commit or roll back with the writes they count. They hold what
 * would cost a read of many documents to learn again (a customer's pairs in pending orders:
 * shop/order-rules.ts). A tally is a shortcut, never the truth: one that is missing is learnt
 * again from the documents, and whatever writes documents around their rules (an import) drops
 * the tallies.
 *
 * Adds `by` to a tally and holds it, so that no other transaction reads or sets it before this
 * one ends; returns the sum, or null when no tally is kept (nothing was added: learn it again).
 */
export async function addToTally(k: Executor, name: string, by: number): Promise<number | null> {
  // One statement adds, locks and reads: a missing row is made with no value (and NULL + by
  // stays NULL), an existing one is updated, which holds its lock until the transaction ends.
  const { rows } = await sql<{ value: number | string | null }>`
    INSERT INTO databases_tallies (name, value) VALUES (${name}, NULL)
    ON CONFLICT (name) DO UPDATE SET value = databases_tallies.value + ${by}
    RETURNING value`.execute(k);
  const value = rows[0]?.value;
  return value === null || value === undefined ? null : Number(value);
}

/** Sets a tally; null drops it (the next reader learns it again). */
export async function writeTally(k: Executor, name: string, value: number | null): Promise<void> {
  if (value === null) {
    await sql`DELETE FROM databases_tallies WHERE name = ${name}`.execute(k);
    return;
  }
  await sql`
    INSERT INTO databases_tallies (name, value) VALUES (${name}, ${value})
    ON CONFLICT (name) DO UPDATE SET value = excluded.value`.execute(k);
}

/** Drops every tally (after documents were written around their rules). */
export async function dropTallies(k: Executor): Promise<void> {
  await sql`DELETE FROM databases_tallies`.execute(k);
}
