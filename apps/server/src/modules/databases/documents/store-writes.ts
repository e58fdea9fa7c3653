import { sql } from 'kysely';
import type { Dialect, Executor } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { AppError } from '../../../protocol/errors.js';
import type { Collection } from '../collections.js';
import { countWrites } from './counts.js';
import { rolesByAction } from './permissions.js';
import type { Row } from './rows.js';

/**
 * The writing side of documents' SQL (store.ts reads): rows and their permission rows, on the
 * executor of the writing transaction. No permission decisions here.
 */

/** A document's permissions as the rows of its permissions table: [action, role]. */
const permissionRows = (permissions: string[]): [string, string][] =>
  Object.entries(rolesByAction(permissions)).flatMap(([action, roles]) =>
    roles.map((role): [string, string] => [action, role]),
  );

async function writePermissions(
  k: Executor,
  c: Collection,
  seq: unknown,
  permissions: string[],
  fresh = false,
) {
  if (!fresh) await k.deleteFrom(c.permsTable).where('doc', '=', seq).execute();
  const rows = permissionRows(permissions).map(([action, role]) => ({ doc: seq, action, role }));
  if (rows.length > 0) await k.insertInto(c.permsTable).values(rows).execute();
}

function conflict(e: unknown): never {
  if (isUniqueViolation(e)) throw new AppError('document_already_exists');
  throw e;
}

export interface NewRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  attributes: Row;
}

/** A new document's row: system columns, then its attribute columns. */
const documentRow = (doc: NewRow): Row => ({
  _id: doc.id,
  _created: doc.createdAt,
  _updated: doc.updatedAt,
  _permissions: JSON.stringify(doc.permissions),
  ...doc.attributes,
});

/**
 * Inserts a document and returns its row. With `ifMissing`, an id that is taken (or being
 * inserted by another transaction, which this waits for) inserts nothing and returns null
 * instead of a 409.
 */
export async function insertDocument(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  doc: NewRow,
  ifMissing = false,
): Promise<Row | null> {
  let insert = k.insertInto(c.table).values(documentRow(doc));
  if (ifMissing) insert = insert.onConflict((oc) => oc.column('_id').doNothing());
  const grants = permissionRows(doc.permissions);
  if (dialect === 'postgres' && grants.length > 0) {
    // The document and its permission rows in one statement (one round trip fewer).
    const values = sql.join(grants.map(([action, role]) => sql`(${action}, ${role})`));
    const both = sql<Row>`WITH d AS (${insert.returningAll()}), p AS (
      INSERT INTO ${sql.table(c.permsTable)} (doc, action, role)
      SELECT d._seq, v.action, v.role FROM d, (VALUES ${values}) AS v(action, role)
    ) SELECT * FROM d`;
    return (await both.execute(k).catch(conflict)).rows[0] ?? null;
  }
  const inserted = (await insert.returningAll().executeTakeFirst().catch(conflict)) as
    Row | undefined;
  if (!inserted) return null;
  await writePermissions(k, c, inserted._seq, doc.permissions, true);
  return inserted;
}

/** Writes a document's changed values (the columns given); returns its row as stored. */
export async function updateDocumentRow(
  k: Executor,
  c: Collection,
  id: string,
  previousPermissions: string[],
  changes: { updatedAt: string; permissions: string[]; attributes: Row },
): Promise<Row> {
  const permissionsText = JSON.stringify(changes.permissions);
  const samePermissions = permissionsText === JSON.stringify(previousPermissions);
  const row = (await k
    .updateTable(c.table)
    .set({
      _updated: changes.updatedAt,
      ...(samePermissions ? {} : { _permissions: permissionsText }),
      ...changes.attributes,
    })
    .where('_id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(conflict)) as Row;
  if (!samePermissions) {
    await writePermissions(k, c, row._seq, changes.permissions);
  }
  return row;
}

/** Adds to numeric columns of a document (null counts as 0); its row after, or null when none. */
export async function addToRow(
  k: Executor,
  c: Collection,
  id: string,
  updatedAt: string,
  deltas: readonly [column: string, delta: number][],
): Promise<Row | null> {
  const sets = deltas.map(
    ([column, delta]) => sql`${sql.id(column)} = coalesce(${sql.id(column)}, 0) + ${delta}`,
  );
  const read =
    await sql<Row>`UPDATE ${sql.table(c.table)} SET _updated = ${updatedAt}, ${sql.join(sets)} WHERE _id = ${id} RETURNING *`.execute(
      k,
    );
  return read.rows[0] ?? null;
}

/**
 * Adds to numeric columns of several rows in one statement; returns the rows that exist, as
 * updated. On PostgreSQL they are locked first in id order (a sorted SELECT ... FOR UPDATE locks
 * rows as it returns them), as one at a time in that order would.
 */
export async function addToRows(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  ids: readonly string[],
  updatedAt: string,
  deltas: readonly [column: string, delta: number][],
): Promise<Row[]> {
  const sets = deltas.map(([column, delta]) => ({ column, delta }));
  const read = await addToRowsStatement(dialect, c, ids, updatedAt, sets).execute(k);
  return read.rows;
}

/** A column added to, and the bounds its sum is held within (none: unbounded). */
export interface Addition {
  column: string;
  delta: number;
  /** Either side may be open (null). */
  bounds?: readonly [min: number | null, max: number | null];
}

/** The statement of addToRows; a sum past an addition's bounds is held at the bound. */
export function addToRowsStatement(
  dialect: Dialect,
  c: Collection,
  ids: readonly string[],
  updatedAt: string,
  additions: readonly Addition[],
) {
  const sets = additions.map(({ column, delta, bounds }) => {
    const sum = sql`coalesce(${sql.id(column)}, 0) + ${delta}`;
    const [min, max] = bounds ?? [null, null];
    if (min === null && max === null) return sql`${sql.id(column)} = ${sum}`;
    const sides = [
      ...(min === null ? [] : [sql`WHEN ${sum} < ${min} THEN ${min}`]),
      ...(max === null ? [] : [sql`WHEN ${sum} > ${max} THEN ${max}`]),
    ];
    return sql`${sql.id(column)} = CASE ${sql.join(sides, sql` `)} ELSE ${sum} END`;
  });
  const table = sql.table(c.table);
  const these = sql.join([...ids].sort());
  const rows =
    dialect === 'postgres'
      ? sql`SELECT _id FROM ${table} WHERE _id IN (${these}) ORDER BY _id FOR UPDATE`
      : these;
  return sql<Row>`UPDATE ${table} SET _updated = ${updatedAt}, ${sql.join(sets)} WHERE _id IN (${rows}) RETURNING *`;
}

/** Deletes a document and its permission rows; false when there was none. */
export async function deleteDocumentRow(k: Executor, c: Collection, id: string): Promise<boolean> {
  const row = (await k
    .deleteFrom(c.table)
    .where('_id', '=', id)
    .returning('_seq')
    .executeTakeFirst()) as { _seq: unknown } | undefined;
  if (!row) return false;
  await k.deleteFrom(c.permsTable).where('doc', '=', row._seq).execute();
  return true;
}

/** Many new documents at once, in multi-row INSERTs (the bulk import path). */
export async function insertMany(
  k: Executor,
  dialect: Dialect,
  c: Collection,
  docs: NewRow[],
): Promise<void> {
  const BATCH = 400;
  await countWrites(k, [c], dialect);
  for (let i = 0; i < docs.length; i += BATCH) {
    const batch = docs.slice(i, i + BATCH);
    const inserted = (await k
      .insertInto(c.table)
      .values(batch.map(documentRow))
      .returning(['_seq', '_id'])
      .execute()
      .catch(conflict)) as { _seq: unknown; _id: string }[];
    const seqOf = new Map(inserted.map((r) => [r._id, r._seq]));
    const perms = batch.flatMap((doc) =>
      permissionRows(doc.permissions).map(([action, role]) => ({
        doc: seqOf.get(doc.id),
        action,
        role,
      })),
    );
    for (let j = 0; j < perms.length; j += BATCH) {
      await k
        .insertInto(c.permsTable)
        .values(perms.slice(j, j + BATCH))
        .execute();
    }
  }
}
