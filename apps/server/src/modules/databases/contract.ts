import type { Executor } from '../../db/database.js';
import type { Caller } from '../../protocol/caller.js';

/**
 * The databases module's contract with the rest of the backend (the shop's rules, the seed,
 * the statistics). Written before the module so that both sides can be built at once; the
 * module implements it and other modules import only from here and from the module's index.
 */

/** A document as the protocol's Document model has it (reference: Document). */
export interface StoredDocument {
  $id: string;
  $collectionId: string;
  $databaseId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  [attribute: string]: unknown;
}

export type DocumentData = Record<string, unknown>;

/**
 * System access to one database's documents inside the current transaction: no permission
 * checks and no hooks, but the schema's validation (types, sizes, enums, required) still holds.
 * Queries use the protocol's 1.4 string syntax, e.g. `equal("stoke", ["true"])`.
 */
export interface TransactionDocuments {
  get(
    collectionId: string,
    documentId: string,
    options?: { forUpdate?: boolean },
  ): Promise<StoredDocument | null>;
  /** With `total: false` the matches are not counted: `total` is then the page's length. */
  list(
    collectionId: string,
    queries?: string[],
    options?: { total?: boolean },
  ): Promise<{ total: number; documents: StoredDocument[] }>;
  /** `$createdAt` and `$updatedAt` in `data` set those times (imports, the demo's history). */
  create(
    collectionId: string,
    documentId: string,
    data: DocumentData,
    permissions: string[],
  ): Promise<StoredDocument>;
  update(
    collectionId: string,
    documentId: string,
    data: DocumentData,
    permissions?: string[],
  ): Promise<StoredDocument>;
  delete(collectionId: string, documentId: string): Promise<void>;
  /**
   * Creates the document unless one with this id exists, waiting for a concurrent create of
   * the same id to finish instead of failing; returns the stored document, locked until the
   * transaction ends (counters that many transactions add to).
   */
  ensure(
    collectionId: string,
    documentId: string,
    data: DocumentData,
    permissions: string[],
  ): Promise<StoredDocument>;
  /**
   * Adds to numeric (integer or double) attributes of a document, creating it from `initial`
   * first when there is none: counters that many transactions add to, in one statement once
   * the document exists. The result is checked like an update's; returns it as stored.
   */
  add(
    collectionId: string,
    documentId: string,
    deltas: Record<string, number>,
    initial: DocumentData,
    permissions: string[],
  ): Promise<StoredDocument>;
  /**
   * The same add to several documents, in one statement once they exist (each is created from
   * its `initial` data first when missing); returns them as stored, none when every delta is
   * zero. Counters that every transaction of a kind adds to (a day's and a month's figures).
   */
  addEach(
    collectionId: string,
    documents: readonly [documentId: string, initial: DocumentData][],
    deltas: Record<string, number>,
    permissions: string[],
  ): Promise<StoredDocument[]>;
  /**
   * The same add as `addEach`, made as the transaction's last statement (on PostgreSQL in the
   * message that commits it), so counters every order adds to stay locked only while it
   * commits. Each sum is held within its attribute's range. The documents are made when
   * missing (on PostgreSQL by closing statements too, just before the add: a document made so
   * must not break a unique index other than its id's, which would fail the commit); the caller
   * keeps them from being deleted before it commits, and does not read them again in this
   * transaction.
   */
  addEachAtCommit(
    collectionId: string,
    documents: readonly [documentId: string, initial: DocumentData][],
    deltas: Record<string, number>,
    permissions: string[],
  ): Promise<void>;
  /** How many documents the filters match: exact, not capped like a list's `total`. */
  count(collectionId: string, queries?: string[]): Promise<number>;
  /**
   * The matching documents counted per UTC hour of a datetime attribute (or `$createdAt`),
   * with sums of numeric attributes, in one SQL aggregate: `hour` is "2026-03-10T09".
   */
  countByHour(
    collectionId: string,
    datetime: string,
    sums: string[],
    queries?: string[],
  ): Promise<HourCount[]>;
  /**
   * A named lock held until the transaction ends. Shared holders run side by side; an
   * exclusive holder waits for them and keeps new ones out (on SQLite every transaction is
   * already exclusive, so this costs nothing there).
   */
  lock(name: string, mode: 'shared' | 'exclusive'): Promise<void>;
  /**
   * A named number kept beside the documents (tallies.ts): a shortcut for what a read of many
   * documents would tell. Adds `by` to it and returns the sum, or null when none is kept (then
   * nothing is added). It stays locked until the transaction ends, so another transaction
   * adding to or setting it waits for this one.
   */
  addToTally(name: string, by: number): Promise<number | null>;
  /** Sets a tally in this transaction; null drops it. */
  setTally(name: string, value: number | null): Promise<void>;
  /**
   * The transaction's own executor, for another module's rows that must commit or roll back
   * with these documents (an order's e-mails in the mail outbox).
   */
  executor(): Executor;
}

export interface HourCount {
  hour: string;
  count: number;
  sums: Record<string, number>;
}

export interface HookContext {
  caller: Caller;
  databaseId: string;
  collectionId: string;
  /** The same transaction as the operation; changes made here commit or roll back with it. */
  documents: TransactionDocuments;
  /** Runs once the transaction has committed (e-mails, deleting files); errors are logged. */
  afterCommit(task: () => void | Promise<void>): void;
}

export interface DocumentInput {
  documentId: string;
  data: DocumentData;
  /** The permissions the client sent, or null when it sent none (the creator's defaults apply). */
  permissions: string[] | null;
  /**
   * Set by a hook that owns the id: when `documentId` turns out to be taken (also by a create
   * racing this one), the id and data to try instead. Without it a taken id is a 409.
   */
  retry?: () => { documentId: string; data: DocumentData };
}

export interface DocumentPatch {
  data: DocumentData;
  permissions: string[] | null;
}

/**
 * Rules that run inside the backend on one collection's client operations, after the
 * protocol's permission checks and inside the operation's transaction. A hook refuses by
 * throwing an AppError (protocol/errors.ts); whatever it returns is applied as trusted (the
 * "grant only roles you hold" check is not re-applied to permissions a hook sets).
 */
export interface DocumentHooks {
  /**
   * The message of the 401 when the collection's permissions refuse a client operation
   * (e.g. "Please sign in to place an order"); undefined keeps the protocol's own message.
   */
  deniedMessage?(caller: Caller, action: 'create' | 'update' | 'delete'): string | undefined;
  beforeCreate?(ctx: HookContext, input: DocumentInput): Promise<DocumentInput> | DocumentInput;
  afterCreate?(ctx: HookContext, created: StoredDocument): Promise<void> | void;
  beforeUpdate?(
    ctx: HookContext,
    current: StoredDocument,
    patch: DocumentPatch,
  ): Promise<DocumentPatch> | DocumentPatch;
  afterUpdate?(
    ctx: HookContext,
    before: StoredDocument,
    after: StoredDocument,
  ): Promise<void> | void;
  beforeDelete?(ctx: HookContext, current: StoredDocument): Promise<void> | void;
  afterDelete?(ctx: HookContext, deleted: StoredDocument): Promise<void> | void;
}

/** What buildApp gets back from the databases module, for other modules to use. */
export interface DatabasesService {
  /** Attaches rules to a collection; at most one set per collection. */
  registerHooks(databaseId: string, collectionId: string, hooks: DocumentHooks): void;
  /** System access outside a request (seed, statistics rebuild): one transaction per call. */
  transaction<T>(
    databaseId: string,
    work: (documents: TransactionDocuments, afterCommit: HookContext['afterCommit']) => Promise<T>,
  ): Promise<T>;
  /**
   * How many writes the collection has had (documents and structure alike): a number that moves
   * whenever what a read of it returns may have changed, in every server process sharing the
   * database. For caches of what was built from it (rendered pages).
   */
  writesTo?(databaseId: string, collectionId: string): Promise<number>;
  /**
   * Why `data` would not be stored as a new document of the collection (the structure checks of
   * docs/protocol.md §3.1.1: types, sizes, enums, required), or null when it would (imports).
   */
  problemWith?(databaseId: string, collectionId: string, data: DocumentData): string | null;
  /**
   * Bulk load (seed, benchmarks, imports): validated like create, written in batches in one
   * transaction, no hooks and no events. `$createdAt` in an item sets its creation time.
   */
  importDocuments?(
    databaseId: string,
    collectionId: string,
    items: {
      documentId?: string;
      data: DocumentData;
      permissions: string[];
      $createdAt?: string;
    }[],
  ): Promise<number>;
}
