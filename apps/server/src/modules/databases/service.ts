import { sql } from 'kysely';
import type { Caller } from '../../protocol/caller.js';
import { AppError } from '../../protocol/errors.js';
import { toIso } from '../../tools/dates.js';
import type { EventBus } from '../../tools/events.js';
import type { Collection, Core } from './collections.js';
import type {
  DatabasesService,
  DocumentData,
  DocumentHooks,
  DocumentInput,
  HookContext,
  StoredDocument,
} from './contract.js';
import {
  assertGrantable,
  defaultPermissions,
  holdsAny,
  rolesByAction,
  type Action,
} from './documents/permissions.js';
import { countCache } from './documents/counts.js';
import { readCache } from './documents/read-cache.js';
import { refreshStatistics } from './schema/sync.js';
import { buildPlan } from '../../query/plan.js';
import { attributesOf, encodeAttributes, project } from './documents/rows.js';
import { documentReadable, findDocument, listDocuments } from './documents/store.js';
import { insertMany } from './documents/store-writes.js';
import { checkKeys, invalidStructure, validateMerged, validateNew } from './documents/structure.js';
import {
  collectionOf,
  createIn,
  deleteIn,
  resolveId,
  systemDocuments,
  updateIn,
} from './transactions/system.js';
import { runTransaction, type Logger, type Tx } from './transactions/transactions.js';

/**
 * The documents operations of docs/protocol.md §3.1 as a client calls them: collection and document
 * permissions (6.5), the granting rule (6.3), then the collection's hooks inside the operation's
 * transaction, then the write; events go out after commit.
 */
export interface DocumentsDeps extends Core {
  events: EventBus;
  log: Logger;
}

/**
 * A read's JSON text; for an answer the same for everyone who may read the collection, `again`
 * gives the kept text while the collection is unchanged, else null.
 */
export interface ReadAnswer {
  text: string;
  again: (() => Promise<string | null>) | null;
}

const unauthorized = () => new AppError('user_unauthorized');
const denied = (h: DocumentHooks, caller: Caller, action: 'create' | 'update' | 'delete') =>
  new AppError('user_unauthorized', h.deniedMessage?.(caller, action));
const MAX_ID_ATTEMPTS = 20;

/**
 * A write sent with `X-Appwrite-Timestamp` (the client's copy dates from then) is refused when
 * the document changed after it, as 1.4 refuses it.
 */
function assertNotNewer(current: StoredDocument, since: Date | null): void {
  if (since !== null && Date.parse(current.$updatedAt) > since.getTime()) {
    throw new AppError('document_update_conflict');
  }
}

/** What every operation shares: the collections' hooks, transactions and permission checks. */
function documentsEngine(deps: DocumentsDeps) {
  const hooks = new Map<string, DocumentHooks>();
  const counts = countCache();
  const answers = readCache();
  const hooksOf = (c: Collection): DocumentHooks => hooks.get(`${c.databaseId}/${c.id}`) ?? {};
  const transaction = <T>(work: (tx: Tx) => Promise<T>) =>
    runTransaction(deps.db, deps.events, deps.log, work);
  const context = (tx: Tx, caller: Caller, c: Collection): HookContext => ({
    caller,
    databaseId: c.databaseId,
    collectionId: c.id,
    documents: systemDocuments(deps, tx, c.databaseId),
    afterCommit: tx.afterCommit,
  });
  // A collection's permissions are fixed while the server runs: read once.
  const grants = new WeakMap<Collection, ReturnType<typeof rolesByAction>>();
  const collectionRoles = (c: Collection) => {
    let roles = grants.get(c);
    if (!roles) grants.set(c, (roles = rolesByAction(c.def.$permissions)));
    return roles;
  };
  const collectionAllows = (caller: Caller, c: Collection, action: Action) =>
    holdsAny(caller, collectionRoles(c)[action]);
  const documentAllows = (caller: Caller, c: Collection, doc: StoredDocument, action: Action) =>
    collectionAllows(caller, c, action) ||
    (c.def.documentSecurity && holdsAny(caller, rolesByAction(doc.$permissions)[action]));

  return {
    hooks,
    counts,
    answers,
    hooksOf,
    transaction,
    context,
    collectionAllows,
    documentAllows,
  };
}

type Engine = ReturnType<typeof documentsEngine>;

/** The service the server's own callers use (the shop, the import, link previews). */
function systemService(deps: DocumentsDeps, { hooks, transaction }: Engine): DatabasesService {
  return {
    registerHooks(databaseId, collectionId, set) {
      const key = `${databaseId}/${collectionId}`;
      if (hooks.has(key)) throw new Error(`Hooks for ${key} are already registered`);
      hooks.set(key, set);
    },
    transaction(databaseId, work) {
      if (!deps.registry.databases.has(databaseId)) throw new AppError('database_not_found');
      return transaction((tx) => work(systemDocuments(deps, tx, databaseId), tx.afterCommit));
    },
    async writesTo(databaseId, collectionId) {
      const c = collectionOf(deps, databaseId, collectionId);
      const read = await sql<{
        w: number | string;
      }>`SELECT writes AS w FROM databases_collections WHERE table_name = ${c.table}`.execute(
        deps.db.kysely,
      );
      return Number(read.rows[0]?.w ?? 0);
    },
    problemWith(databaseId, collectionId, data) {
      const c = collectionOf(deps, databaseId, collectionId);
      try {
        validateNew(c, data);
        return null;
      } catch (e) {
        if (e instanceof AppError) return e.message;
        throw e;
      }
    },
    async importDocuments(databaseId, collectionId, items) {
      const c = collectionOf(deps, databaseId, collectionId);
      const now = toIso(deps.clock.now());
      const rows = items.map((item) => {
        const { $createdAt, ...rest } = item.data;
        const created = item.$createdAt ?? (typeof $createdAt === 'string' ? $createdAt : now);
        return {
          id: resolveId(deps, item.documentId ?? 'unique()'),
          createdAt: created,
          updatedAt: created,
          permissions: item.permissions,
          attributes: encodeAttributes(c, validateNew(c, rest)),
        };
      });
      await transaction((tx) => insertMany(tx.k, deps.db.dialect, c, rows));
      // Fresh statistics (and on PostgreSQL the visibility map) right after a bulk load, as
      // autovacuum would make.
      if (deps.db.dialect === 'postgres') {
        await sql`VACUUM (ANALYZE) ${sql.table(c.table)}`.execute(deps.db.kysely);
      } else await refreshStatistics(deps.db, c.table);
      return rows.length;
    },
  };
}

/** A role naming one user, team or membership: answers read with it are that caller's own. */
const isPersonalRole = (role: string) => /^(user|team|member):/.test(role);

/** A client's reads: lists and single documents, as its roles allow. */
function documentReads(deps: DocumentsDeps, { counts, answers, collectionAllows }: Engine) {
  async function list(caller: Caller, databaseId: string, collectionId: string, queries: string[]) {
    const c = collectionOf(deps, databaseId, collectionId);
    const plan = buildPlan(c, queries);
    let readRoles: readonly string[] | null = null;
    if (!collectionAllows(caller, c, 'read')) {
      if (!c.def.documentSecurity) throw unauthorized();
      readRoles = caller.roles;
    }
    const page = await listDocuments(deps.db.kysely, deps.db.dialect, c, plan, readRoles, counts);
    return { total: page.total, documents: page.documents.map((d) => project(d, plan.select)) };
  }

  async function get(
    caller: Caller,
    databaseId: string,
    collectionId: string,
    id: string,
    queries: string[],
  ) {
    const c = collectionOf(deps, databaseId, collectionId);
    const plan = buildPlan(c, queries, 'get');
    const doc = await findDocument(deps.db.kysely, deps.db.dialect, c, id);
    if (!doc) throw new AppError('document_not_found');
    if (
      !collectionAllows(caller, c, 'read') &&
      !(c.def.documentSecurity && (await documentReadable(deps.db.kysely, c, id, caller.roles)))
    ) {
      throw new AppError('document_not_found');
    }
    return project(doc, plan.select);
  }

  /**
   * A read's answer as JSON text. When the collection's permissions let the caller read all of
   * it, the answer is everyone's and is kept until the collection changes (read-cache.ts), and
   * `again` reads the kept text again while it is current (for http/kept-reads.ts).
   */
  async function answer(
    caller: Caller,
    databaseId: string,
    collectionId: string,
    key: string,
    read: () => Promise<unknown>,
  ): Promise<ReadAnswer> {
    const c = collectionOf(deps, databaseId, collectionId);
    let kept = key;
    let own = false;
    if (!collectionAllows(caller, c, 'read')) {
      if (!c.def.documentSecurity) return { text: JSON.stringify(await read()), again: null };
      // Documents readable one by one: the answer is kept for callers holding exactly these
      // roles (the same roles read the same documents) until the collection changes. One that
      // names a user, team or membership is that caller's own: never handed on as a guest's.
      kept = `${JSON.stringify(caller.roles)}\n${key}`;
      own = caller.roles.some(isPersonalRole);
    }
    const text = await answers.answer(deps.db.kysely, c, kept, read);
    return { text, again: own ? null : () => answers.current(deps.db.kysely, c, kept) };
  }

  return {
    list,
    get,
    listText: (caller: Caller, databaseId: string, collectionId: string, queries: string[]) =>
      answer(caller, databaseId, collectionId, `list\n${JSON.stringify(queries)}`, () =>
        list(caller, databaseId, collectionId, queries),
      ),
    getText: (
      caller: Caller,
      databaseId: string,
      collectionId: string,
      id: string,
      queries: string[],
    ) =>
      answer(caller, databaseId, collectionId, `get\n${id}\n${JSON.stringify(queries)}`, () =>
        get(caller, databaseId, collectionId, id, queries),
      ),
  };
}

/** A client's writes, each in one transaction with the collection's hooks. */
function documentWrites(
  deps: DocumentsDeps,
  { hooksOf, transaction, context, collectionAllows, documentAllows }: Engine,
) {
  return {
    async create(
      caller: Caller,
      databaseId: string,
      collectionId: string,
      documentId: string,
      data: DocumentData,
      permissions: string[] | null,
    ) {
      if (Object.keys(data).length === 0) throw new AppError('document_missing_data');
      if ('$id' in data) {
        throw invalidStructure('$id is not allowed for creating new documents, try update instead');
      }
      const c = collectionOf(deps, databaseId, collectionId);
      const h = hooksOf(c);
      if (!collectionAllows(caller, c, 'create')) throw denied(h, caller, 'create');
      if (permissions) assertGrantable(caller, permissions);
      const validated = validateNew(c, data);
      return transaction(async (tx) => {
        let input: DocumentInput = {
          documentId: resolveId(deps, documentId),
          data: validated,
          permissions,
        };
        if (h.beforeCreate) input = await h.beforeCreate(context(tx, caller, c), input);
        const perms = input.permissions ?? defaultPermissions(caller);
        let { documentId: id, data: values } = input;
        let created: StoredDocument | null = null;
        // A hook that owns the id (order numbers) gets another try when a racing create took it.
        for (let attempt = 1; !created; attempt++) {
          const retry = input.retry && attempt < MAX_ID_ATTEMPTS ? input.retry : null;
          created = await createIn(deps, tx, c, resolveId(deps, id), values, perms, {
            ifMissing: retry !== null,
          });
          if (!created && retry) ({ documentId: id, data: values } = retry());
        }
        await h.afterCreate?.(context(tx, caller, c), created);
        return created;
      });
    },

    async update(
      caller: Caller,
      databaseId: string,
      collectionId: string,
      id: string,
      data: DocumentData | null,
      permissions: string[] | null,
      since: Date | null = null,
    ) {
      if ((!data || Object.keys(data).length === 0) && !permissions) {
        throw new AppError('document_missing_payload');
      }
      const c = collectionOf(deps, databaseId, collectionId);
      if (permissions) assertGrantable(caller, permissions);
      const patch = data ?? {};
      checkKeys(c, patch);
      return transaction(async (tx) => {
        const current = await findDocument(tx.k, deps.db.dialect, c, id, true);
        if (!current) throw new AppError('document_not_found');
        // Permission and rules come first, also for a patch that changes nothing: answering
        // an unchanged patch with the stored document would let anyone read it.
        const h = hooksOf(c);
        if (!documentAllows(caller, c, current, 'update')) throw denied(h, caller, 'update');
        assertNotNewer(current, since);
        validateMerged(c, attributesOf(c, current), patch);
        let next = { data: patch, permissions };
        if (h.beforeUpdate) next = await h.beforeUpdate(context(tx, caller, c), current, next);
        const after = await updateIn(deps, tx, c, current, next.data, next.permissions);
        if (after !== current) await h.afterUpdate?.(context(tx, caller, c), current, after);
        return after;
      });
    },

    async remove(
      caller: Caller,
      databaseId: string,
      collectionId: string,
      id: string,
      since: Date | null = null,
    ) {
      const c = collectionOf(deps, databaseId, collectionId);
      await transaction(async (tx) => {
        const current = await findDocument(tx.k, deps.db.dialect, c, id, true);
        if (!current) throw new AppError('document_not_found');
        const h = hooksOf(c);
        if (!documentAllows(caller, c, current, 'delete')) throw denied(h, caller, 'delete');
        assertNotNewer(current, since);
        await h.beforeDelete?.(context(tx, caller, c), current);
        await deleteIn(deps, tx, c, current);
        await h.afterDelete?.(context(tx, caller, c), current);
      });
    },
  };
}

export function createDocumentsService(deps: DocumentsDeps) {
  const engine = documentsEngine(deps);
  return {
    service: systemService(deps, engine),
    ...documentReads(deps, engine),
    ...documentWrites(deps, engine),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
