import type { Database } from '../../../db/database.js';
import type { EventBus } from '../../../tools/events.js';
import { eventNames } from '../../../tools/events.js';
import type { Collection } from '../collections.js';
import type { ClosingStatement } from '../../../db/closing.js';
import { writeCounts } from '../documents/counts.js';
import type { StoredDocument } from '../contract.js';
import { rolesByAction } from '../documents/permissions.js';
import type { Executor } from '../documents/store.js';

/**
 * One operation's transaction: the executor every read and write uses, the events to publish
 * and the tasks to run once it has committed. On SQLite the unit of work runs on the single
 * connection inside a write transaction (BEGIN IMMEDIATE, shared with the units waiting beside
 * it: db/sqlite-batches.ts), so no other request can interleave a read-then-write; on
 * PostgreSQL `get(..., {forUpdate})` locks the row with SELECT ... FOR UPDATE.
 */
export interface Tx {
  k: Executor;
  afterCommit(task: () => void | Promise<void>): void;
  changed(c: Collection, action: 'create' | 'update' | 'delete', doc: StoredDocument): void;
  /**
   * A document this transaction has locked (read for update) or written, as it now stands: no
   * other transaction can change it before this one ends, so it need not be read again.
   */
  held(c: Collection, id: string): StoredDocument | undefined;
  /** Records a document read under its row lock. */
  hold(c: Collection, doc: StoredDocument): void;
  /**
   * A statement to run last, just before the write counts and COMMIT (on PostgreSQL in the
   * commit's own message): for rows every writer of a kind updates, so they stay locked only
   * for that moment. It writes to `c`, whose write count moves with it.
   */
  atCommit(c: Collection, statement: ClosingStatement): void;
}

export type Logger = (message: string, error: unknown) => void;

export function documentEvent(
  events: EventBus,
  c: Collection,
  action: 'create' | 'update' | 'delete',
  doc: StoredDocument,
) {
  const base = `databases.${c.databaseId}.collections.${c.id}.documents`;
  const audience = [...rolesByAction(c.def.$permissions).read];
  if (c.def.documentSecurity) {
    for (const r of rolesByAction(doc.$permissions).read)
      if (!audience.includes(r)) audience.push(r);
  }
  events.publish({
    events: () =>
      eventNames(
        'databases.[databaseId].collections.[collectionId].documents.[documentId].' + action,
        { databaseId: c.databaseId, collectionId: c.id, documentId: doc.$id },
      ),
    channels: ['documents', base, `${base}.${doc.$id}`],
    payload: doc,
    audience,
  });
}

export async function runTransaction<T>(
  db: Database,
  events: EventBus,
  log: Logger,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const tasks: (() => void | Promise<void>)[] = [];
  const changes: [Collection, 'create' | 'update' | 'delete', StoredDocument][] = [];
  const held = new Map<string, StoredDocument>();
  const closing: ClosingStatement[] = [];
  const closingWrites: Collection[] = [];
  const heldKey = (c: Collection, id: string) => `${c.table}/${id}`;
  const make = (k: Executor): Tx => ({
    k,
    afterCommit: (task) => tasks.push(task),
    changed: (c, action, doc) => {
      changes.push([c, action, doc]);
      if (action === 'delete') held.delete(heldKey(c, doc.$id));
      else held.set(heldKey(c, doc.$id), doc);
    },
    held: (c, id) => held.get(heldKey(c, id)),
    hold: (c, doc) => void held.set(heldKey(c, doc.$id), doc),
    atCommit: (c, statement) => {
      closing.push(statement);
      closingWrites.push(c);
    },
  });
  // Last before COMMIT: the written collections' write counts, for the list totals (counts.ts).
  const counts = () => writeCounts([...changes.map(([c]) => c), ...closingWrites], db.dialect);
  const result = await db.write(
    (k) => work(make(k)),
    () => {
      const query = counts();
      return query ? [...closing, { query }] : closing;
    },
  );
  for (const [c, action, doc] of changes) {
    try {
      documentEvent(events, c, action, doc);
    } catch (e) {
      log('document event failed', e);
    }
  }
  for (const task of tasks) {
    try {
      await task();
    } catch (e) {
      log('after-commit task failed', e);
    }
  }
  return result;
}
