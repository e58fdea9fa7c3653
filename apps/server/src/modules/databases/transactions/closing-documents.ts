import { sql } from 'kysely';
import { toIso } from '../../../tools/dates.js';
import type { Collection } from '../collections.js';
import type { DocumentData } from '../contract.js';
import { encodeAttributes, toDocument, type Row } from '../documents/rows.js';
import { insertMissingStatement, type NewRow } from '../documents/store-writes.js';
import { validateNew } from '../documents/structure.js';
import type { Core } from '../collections.js';
import type { Tx } from './transactions.js';

/** What a transaction's closing adds touch in one collection table. */
interface Closing {
  /** The documents added to, locked first. */
  ids: Set<string>;
  /** The documents made when missing, by id. */
  made: Map<string, NewRow>;
}

const closings = new WeakMap<Tx, Map<string, Closing>>();

/**
 * On PostgreSQL, the documents a transaction's closing adds update are made when missing and
 * locked by two closing statements, made at the first add to the collection (their ids read
 * when they are sent) and sent before every add: first those not there are inserted, in id
 * order (one being inserted by another transaction is waited for, then left), then all are
 * locked, in id order. So the adds find their rows, and of two transactions adding to a day and
 * the month neither can hold one and wait for the other. Nothing is read before: a day's and a
 * month's figures cost no statement of their own. The caller keeps the documents from being
 * deleted before it commits (the figures' lock, sent before these).
 */
function closingOf(tx: Tx, c: Collection): Closing {
  let byTable = closings.get(tx);
  if (!byTable) closings.set(tx, (byTable = new Map()));
  const known = byTable.get(c.table);
  if (known) return known;
  const closing: Closing = { ids: new Set(), made: new Map() };
  byTable.set(c.table, closing);
  tx.atCommit(c, {
    get query() {
      return insertMissingStatement(tx.k, c, [...closing.made.values()]);
    },
    rows: (rows) => {
      for (const row of rows) tx.changed(c, 'create', toDocument(c, row as Row));
    },
  });
  const table = sql.table(c.table);
  tx.atCommit(c, {
    get query() {
      const sorted = sql.join([...closing.ids].sort());
      return sql`SELECT _id FROM ${table} WHERE _id IN (${sorted}) ORDER BY _id FOR UPDATE`;
    },
  });
  return closing;
}

/**
 * Makes `documents` (from their initial data, checked now) when missing, and locks them, in the
 * transaction's closing statements, before its closing adds (PostgreSQL).
 */
export function makeAndLockAtCommit(
  core: Core,
  tx: Tx,
  c: Collection,
  documents: readonly [id: string, initial: DocumentData][],
  permissions: string[],
): void {
  // Checked first: a refused document leaves nothing behind for the commit.
  const at = toIso(core.clock.now());
  const checked = documents.map(([id, initial]): NewRow => {
    const attributes = encodeAttributes(c, validateNew(c, initial));
    return { id, createdAt: at, updatedAt: at, permissions, attributes };
  });
  const closing = closingOf(tx, c);
  for (const doc of checked) {
    closing.ids.add(doc.id);
    if (!closing.made.has(doc.id)) closing.made.set(doc.id, doc);
  }
}
