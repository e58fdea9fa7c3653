import { sql } from 'kysely';
import { AppError } from '../../../protocol/errors.js';
import { parseDate, toIso } from '../../../tools/dates.js';
import { uniqueId } from '../../../tools/ids.js';
import { runUnanswered } from '../../../db/database.js';
import type { Collection, Core } from '../collections.js';
import type { Column } from '../../../query/source.js';
import type { DocumentData, StoredDocument, TransactionDocuments } from '../contract.js';
import { buildPlan } from '../../../query/plan.js';
import { attributesOf, encodeAttributes, toDocument, type Row } from '../documents/rows.js';
import {
  countByHour,
  countDocuments,
  existingIds,
  findDocument,
  listDocuments,
} from '../documents/store.js';
import {
  addToRow,
  addToRows,
  addToRowsStatement,
  deleteDocumentRow,
  type Addition,
  insertDocument,
  updateDocumentRow,
} from '../documents/store-writes.js';
import { invalidStructure, validateMerged, validateNew } from '../documents/structure.js';
import type { Tx } from './transactions.js';
import { addToTally, writeTally } from './tallies.js';
import { lockAtCommit } from './closing-locks.js';

export function collectionOf(core: Core, databaseId: string, collectionId: string): Collection {
  if (!core.registry.databases.has(databaseId)) throw new AppError('database_not_found');
  const c = core.registry.collections.get(`${databaseId}/${collectionId}`);
  if (!c || !c.def.enabled) throw new AppError('collection_not_found');
  return c;
}

export const resolveId = (core: Core, id: string) =>
  id === 'unique()' || id === '' ? uniqueId(core.clock.now()) : id;

export interface CreateOptions {
  /** A taken id writes nothing and returns null instead of failing with a 409. */
  ifMissing?: boolean;
  /** The creation time (system imports); the clock's time otherwise. */
  createdAt?: string;
  /** The last update's time (system imports); the creation time otherwise. */
  updatedAt?: string;
}

/** Writes a new document (already permitted) and returns it as stored. */
export async function createIn(
  core: Core,
  tx: Tx,
  c: Collection,
  id: string,
  data: DocumentData,
  permissions: string[],
  options: CreateOptions = {},
): Promise<StoredDocument | null> {
  const attributes = validateNew(c, data);
  const at = options.createdAt ?? toIso(core.clock.now());
  const row = {
    id,
    createdAt: at,
    updatedAt: options.updatedAt ?? at,
    permissions,
    attributes: encodeAttributes(c, attributes),
  };
  const inserted = await insertDocument(tx.k, core.db.dialect, c, row, options.ifMissing);
  if (!inserted) return null;
  const created = toDocument(c, inserted);
  tx.changed(c, 'create', created);
  return created;
}

/** `$createdAt` / `$updatedAt` given by a system create (imports, the demo's history). */
function systemTime(key: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const date = typeof value === 'string' ? parseDate(value) : null;
  if (!date) throw invalidStructure(`${key} must be a date`);
  return toIso(date);
}

/** The named locks each transaction holds, and how: asking again costs no round trip. */
const heldLocks = new WeakMap<Tx, Map<string, 'shared' | 'exclusive'>>();

/** A transaction-scoped named lock (PostgreSQL advisory lock; SQLite needs none). */
async function lockIn(core: Core, tx: Tx, name: string, mode: 'shared' | 'exclusive') {
  if (core.db.dialect !== 'postgres') return;
  let held = heldLocks.get(tx);
  if (!held) heldLocks.set(tx, (held = new Map()));
  if (held.get(name) === 'exclusive' || held.get(name) === mode) return;
  held.set(name, mode);
  const fn = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
  await runUnanswered(tx.k, (k) =>
    sql`SELECT ${fn}(hashtext('courtside:documents'), hashtext(${name}))`.execute(k),
  );
}

/** Applies a patch to a locked document; returns it unchanged when nothing differs. */
export async function updateIn(
  core: Core,
  tx: Tx,
  c: Collection,
  current: StoredDocument,
  patch: DocumentData,
  permissions: string[] | null,
): Promise<StoredDocument> {
  const attributes = validateMerged(c, attributesOf(c, current), patch);
  const perms = permissions ?? current.$permissions;
  if (
    JSON.stringify(attributes) === JSON.stringify(attributesOf(c, current)) &&
    JSON.stringify(perms) === JSON.stringify(current.$permissions)
  ) {
    return current;
  }
  // Only the columns whose values change are written: SQLite rewrites every index (and the
  // fulltext index's trigger fires) for a column named in the UPDATE, changed or not.
  const before = encodeAttributes(c, attributesOf(c, current));
  const changed = Object.fromEntries(
    Object.entries(encodeAttributes(c, attributes)).filter(([col, v]) => v !== before[col]),
  );
  const updatedAt = toIso(core.clock.now());
  const row = await updateDocumentRow(tx.k, c, current.$id, current.$permissions, {
    updatedAt,
    permissions: perms,
    attributes: changed,
  });
  const after = toDocument(c, row);
  tx.changed(c, 'update', after);
  return after;
}

/** The columns and amounts of an add, checked: numbers only, finite, zeros left out. */
function addedColumns(c: Collection, deltas: Record<string, number>): [string, number][] {
  return numericAdditions(c, deltas).map(([column, delta]) => [column.column, delta]);
}

/** The numeric attributes `deltas` add to (not zero), each checked. */
function numericAdditions(c: Collection, deltas: Record<string, number>): [Column, number][] {
  const sets: [Column, number][] = [];
  for (const [key, delta] of Object.entries(deltas)) {
    const column = c.columns.get(key);
    if (!column?.attribute || column.array || !['integer', 'double'].includes(column.kind)) {
      throw invalidStructure(`Cannot add to attribute "${key}": it is not a number`);
    }
    if (!Number.isFinite(delta) || (column.kind === 'integer' && !Number.isInteger(delta))) {
      throw invalidStructure(`Cannot add ${delta} to "${key}"`);
    }
    if (delta !== 0) sets.push([column, delta]);
  }
  return sets;
}

/**
 * An addition to a column, its sum held within the attribute's range where it sets a side. A
 * side at 2^53 or beyond (the API's open range is +-2^63) is no bound a sum can reach.
 */
function bounded([column, delta]: [Column, number]): Addition {
  const a = column.attribute;
  const side = (v: number | undefined) =>
    v !== undefined && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : null;
  const range = a && 'min' in a ? ([side(a.min), side(a.max)] as const) : null;
  return range ? { column: column.column, delta, bounds: range } : { column: column.column, delta };
}

/** A row as added to, checked like an update and recorded as one. */
function added(tx: Tx, c: Collection, row: Row): StoredDocument {
  const after = toDocument(c, row);
  validateMerged(c, attributesOf(c, after), {});
  tx.changed(c, 'update', after);
  return after;
}

/**
 * Adds `deltas` to a document's numeric attributes in one statement; null when it does not exist.
 * The values after are checked as an update's would be (a counter past its attribute's range
 * fails the transaction).
 */
export async function addIn(
  core: Core,
  tx: Tx,
  c: Collection,
  id: string,
  deltas: Record<string, number>,
): Promise<StoredDocument | null> {
  const sets = addedColumns(c, deltas);
  if (sets.length === 0) {
    return tx.held(c, id) ?? (await findDocument(tx.k, core.db.dialect, c, id, true));
  }
  const row = await addToRow(tx.k, c, id, toIso(core.clock.now()), sets);
  return row ? added(tx, c, row) : null;
}

/** The same add to several documents in one statement; those that exist, as added to. */
export async function addEachIn(
  core: Core,
  tx: Tx,
  c: Collection,
  ids: readonly string[],
  deltas: Record<string, number>,
): Promise<StoredDocument[]> {
  const sets = addedColumns(c, deltas);
  if (sets.length === 0) return [];
  const rows = await addToRows(tx.k, core.db.dialect, c, ids, toIso(core.clock.now()), sets);
  return rows.map((row) => added(tx, c, row));
}

/** A system writer names documents by their ids, never by `$id` in their data. */
function refuseIds(...data: DocumentData[]) {
  if (data.some((d) => '$id' in d)) {
    throw invalidStructure('$id is not allowed for creating new documents');
  }
}

/** Makes the documents not among `there` from their initial data; returns their ids. */
async function makeMissing(
  core: Core,
  tx: Tx,
  c: Collection,
  documents: readonly [id: string, initial: DocumentData][],
  there: ReadonlySet<string>,
  permissions: string[],
): Promise<string[]> {
  const missing = documents.filter(([id]) => !there.has(id));
  for (const [id, initial] of missing) {
    await createIn(core, tx, c, id, initial, permissions, { ifMissing: true });
  }
  return missing.map(([id]) => id);
}

/** `addEach` of the contract: the documents missing are made first, then added to. */
async function addEachMaking(
  core: Core,
  tx: Tx,
  c: Collection,
  documents: readonly [id: string, initial: DocumentData][],
  deltas: Record<string, number>,
  permissions: string[],
): Promise<StoredDocument[]> {
  refuseIds(...documents.map(([, initial]) => initial));
  if (addedColumns(c, deltas).length === 0) return [];
  const ids = documents.map(([id]) => id);
  const done = await addEachIn(core, tx, c, ids, deltas);
  const there = new Set(done.map((d) => d.$id));
  const made = await makeMissing(core, tx, c, documents, there, permissions);
  if (made.length === 0) return done;
  return [...done, ...(await addEachIn(core, tx, c, made, deltas))];
}

/**
 * `addEachAtCommit` of the contract: the add is one of the transaction's closing statements
 * (db/closing.ts), each sum held within its attribute's range; the documents missing are made
 * now. On PostgreSQL the documents are locked first, in id order, by a closing statement of
 * their own (closing-locks.ts). The caller keeps the documents from being deleted before it
 * commits (the figures' lock).
 */
async function addEachAtCommit(
  core: Core,
  tx: Tx,
  c: Collection,
  documents: readonly [id: string, initial: DocumentData][],
  deltas: Record<string, number>,
  permissions: string[],
): Promise<void> {
  refuseIds(...documents.map(([, initial]) => initial));
  const additions = numericAdditions(c, deltas).map(bounded);
  if (additions.length === 0 || documents.length === 0) return;
  const ids = documents.map(([id]) => id);
  await makeMissing(core, tx, c, documents, await existingIds(tx.k, c, ids), permissions);
  if (core.db.dialect === 'postgres') lockAtCommit(tx, c, ids);
  const now = toIso(core.clock.now());
  tx.atCommit(c, {
    query: addToRowsStatement(core.db.dialect, c, ids, now, additions),
    rows: (rows) => {
      for (const row of rows) tx.changed(c, 'update', toDocument(c, row as Row));
    },
  });
}

export async function deleteIn(core: Core, tx: Tx, c: Collection, current: StoredDocument) {
  if (!(await deleteDocumentRow(tx.k, c, current.$id))) throw new AppError('document_not_found');
  tx.changed(c, 'delete', current);
}

/** System access inside a transaction (contract: TransactionDocuments). */
export function systemDocuments(core: Core, tx: Tx, databaseId: string): TransactionDocuments {
  const col = (id: string) => collectionOf(core, databaseId, id);
  /** The document, from what the transaction holds or read (under lock when asked). */
  const read = async (c: Collection, id: string, forUpdate: boolean) => {
    const held = tx.held(c, id);
    if (held) return held;
    const doc = await findDocument(tx.k, core.db.dialect, c, id, forUpdate);
    if (doc && forUpdate) tx.hold(c, doc);
    return doc;
  };
  const existing = async (c: Collection, id: string) => {
    const doc = await read(c, id, true);
    if (!doc) throw new AppError('document_not_found');
    return doc;
  };
  return {
    get: (collectionId, documentId, options) =>
      read(col(collectionId), documentId, options?.forUpdate ?? false),
    list: async (collectionId, queries = [], options = {}) => {
      const c = col(collectionId);
      const plan = buildPlan(c, queries);
      const withTotal = options.total ?? true;
      const page = await listDocuments(tx.k, core.db.dialect, c, plan, null, null, withTotal);
      return withTotal ? page : { total: page.documents.length, documents: page.documents };
    },
    create: async (collectionId, documentId, data, permissions) => {
      refuseIds(data);
      const { $createdAt, $updatedAt, ...values } = data;
      const c = col(collectionId);
      const id = resolveId(core, documentId);
      return (await createIn(core, tx, c, id, values, permissions, {
        createdAt: systemTime('$createdAt', $createdAt),
        updatedAt: systemTime('$updatedAt', $updatedAt),
      }))!;
    },
    update: async (collectionId, documentId, data, permissions) => {
      const c = col(collectionId);
      return updateIn(core, tx, c, await existing(c, documentId), data, permissions ?? null);
    },
    delete: async (collectionId, documentId) => {
      const c = col(collectionId);
      await deleteIn(core, tx, c, await existing(c, documentId));
    },
    ensure: async (collectionId, documentId, data, permissions) => {
      refuseIds(data);
      const c = col(collectionId);
      await createIn(core, tx, c, documentId, data, permissions, { ifMissing: true });
      return existing(c, documentId);
    },
    addEach: (collectionId, documents, deltas, permissions) =>
      addEachMaking(core, tx, col(collectionId), documents, deltas, permissions),
    addEachAtCommit: (collectionId, documents, deltas, permissions) =>
      addEachAtCommit(core, tx, col(collectionId), documents, deltas, permissions),
    add: async (collectionId, documentId, deltas, initial, permissions) => {
      refuseIds(initial);
      const c = col(collectionId);
      const added = await addIn(core, tx, c, documentId, deltas);
      if (added) return added;
      await createIn(core, tx, c, documentId, initial, permissions, { ifMissing: true });
      const after = await addIn(core, tx, c, documentId, deltas);
      if (!after) throw new AppError('document_not_found');
      return after;
    },
    count: (collectionId, queries = []) => {
      const c = col(collectionId);
      return countDocuments(tx.k, core.db.dialect, c, buildPlan(c, queries), null);
    },
    countByHour: (collectionId, datetime, sums, queries = []) => {
      const c = col(collectionId);
      const column = (key: string, kinds: string[]) => {
        const found = c.columns.get(key);
        if (!found || found.array || !kinds.includes(found.kind) || key === '$internalId') {
          throw new AppError('general_argument_invalid', `Cannot count by attribute: ${key}`);
        }
        return found;
      };
      return countByHour(
        tx.k,
        core.db.dialect,
        c,
        buildPlan(c, queries),
        column(datetime, ['datetime']),
        sums.map((key) => column(key, ['integer', 'double'])),
      );
    },
    lock: (name, mode) => lockIn(core, tx, name, mode),
    addToTally: (name, by) => addToTally(tx.k, name, by),
    setTally: (name, value) => writeTally(tx.k, name, value),
    executor: () => tx.k,
  };
}
