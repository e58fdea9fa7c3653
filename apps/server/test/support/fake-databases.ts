import type { Executor } from '../../src/db/database.js';
import type { Caller } from '../../src/protocol/caller.js';
import { AppError } from '../../src/protocol/errors.js';
import { Q } from '../../src/protocol/query-builder.js';
import { parseQuery } from '../../src/protocol/queries.js';
import type {
  DatabasesService,
  DocumentData,
  DocumentHooks,
  HookContext,
  StoredDocument,
  TransactionDocuments,
} from '../../src/modules/databases/contract.js';
import type { StorageService, StoredFile } from '../../src/modules/storage/contract.js';

/**
 * An in-memory stand-in for the databases and storage modules, true to their contracts:
 * one transaction at a time (like SQLite), rolled back on error, hooks around client
 * operations, afterCommit tasks after a commit. Queries: equal, greaterThanEqual, lessThan and lessThanEqual (as text),
 * orderAsc and orderDesc (as text), limit, cursorAfter; select is ignored.
 */

type Rows = Map<string, Map<string, StoredDocument>>;

const clone = (rows: Rows): Rows =>
  new Map(
    [...rows].map(([k, v]) => [k, new Map([...v].map(([id, d]) => [id, structuredClone(d)]))]),
  );

function applyQueries(docs: StoredDocument[], queries: string[]) {
  let out = docs;
  let limit = 25;
  for (const q of queries) {
    // The server's own parser (protocol/queries.ts): the fake reads queries as the server does.
    const { method, params } = parseQuery(q);
    const [first, second] = params;
    if (method === 'select') continue;
    if (method === 'greaterThanEqual' && typeof first === 'string') {
      const from = String(Array.isArray(second) ? second[0] : second);
      out = out.filter((d) => String(d[first] ?? '') >= from);
    } else if (method === 'lessThan' && typeof first === 'string') {
      const below = String(Array.isArray(second) ? second[0] : second);
      out = out.filter((d) => String(d[first] ?? '') < below);
    } else if (method === 'lessThanEqual' && typeof first === 'string') {
      const upTo = String(Array.isArray(second) ? second[0] : second);
      out = out.filter((d) => String(d[first] ?? '') <= upTo);
    } else if (method === 'equal' && typeof first === 'string') {
      const values = Array.isArray(second) ? second : [second];
      out = out.filter((d) => values.includes(d[first] as never));
    } else if ((method === 'orderDesc' || method === 'orderAsc') && typeof first === 'string') {
      const sign = method === 'orderDesc' ? -1 : 1;
      const key = (d: StoredDocument) => String(d[first] ?? '');
      out = [...out].sort((a, b) => sign * key(a).localeCompare(key(b)));
    } else if (method === 'limit' && typeof first === 'number') limit = first;
    else if (method === 'cursorAfter' && typeof first === 'string') {
      const at = out.findIndex((d) => d.$id === first);
      out = out.slice(at + 1);
    } else throw new AppError('general_argument_invalid', `fake: unsupported query ${q}`);
  }
  return { total: out.length, documents: out.slice(0, limit) };
}

/** Where the fake keeps tallies: a table no collection id can name. */
const TALLIES = '\0tallies';
/**
 * The fake's transactions hold no SQL connection: the modules beside it (the real account store,
 * the fake mailer) are handed none and use their own.
 */
const IN_MEMORY = undefined as unknown as Executor;

export function fakeModules(clock: () => Date = () => new Date()) {
  let rows: Rows = new Map();
  const hooks = new Map<string, DocumentHooks>();
  const files = new Map<string, Buffer>();
  const deletedFiles: string[] = [];
  let lock: Promise<unknown> = Promise.resolve();

  const table = (c: string) => {
    if (!rows.has(c)) rows.set(c, new Map());
    return rows.get(c)!;
  };

  const documents = (databaseId: string): TransactionDocuments => ({
    async get(c, id) {
      const d = table(c).get(id);
      return d ? structuredClone(d) : null;
    },
    async list(c, queries = []) {
      return applyQueries(
        [...table(c).values()].map((d) => structuredClone(d)),
        queries,
      );
    },
    async create(c, id, data, permissions) {
      if (table(c).has(id)) throw new AppError('document_already_exists');
      const { $createdAt, ...values } = data;
      const now = typeof $createdAt === 'string' ? $createdAt : clock().toISOString();
      const doc: StoredDocument = {
        ...structuredClone(values),
        $id: id,
        $collectionId: c,
        $databaseId: databaseId,
        $createdAt: now,
        $updatedAt: now,
        $permissions: permissions,
      };
      table(c).set(id, doc);
      return structuredClone(doc);
    },
    async update(c, id, data, permissions) {
      const d = table(c).get(id);
      if (!d) throw new AppError('document_not_found');
      const next = { ...d, ...structuredClone(data), $updatedAt: clock().toISOString() };
      if (permissions) next.$permissions = permissions;
      table(c).set(id, next);
      return structuredClone(next);
    },
    async delete(c, id) {
      if (!table(c).delete(id)) throw new AppError('document_not_found');
    },
    async ensure(c, id, data, permissions) {
      if (!table(c).has(id)) await this.create(c, id, data, permissions);
      return structuredClone(table(c).get(id)!);
    },
    async add(c, id, deltas, initial, permissions) {
      const current = await this.ensure(c, id, initial, permissions);
      const next: Record<string, number> = {};
      for (const [key, delta] of Object.entries(deltas)) {
        next[key] = Number(current[key] ?? 0) + delta;
      }
      return this.update(c, id, next);
    },
    async addEach(c, documents, deltas, permissions) {
      const done: StoredDocument[] = [];
      for (const [id, initial] of documents) {
        done.push(await this.add(c, id, deltas, initial, permissions));
      }
      return done;
    },
    // The fake has no commit to wait for: the add is made at once.
    async addEachAtCommit(c, documents, deltas, permissions) {
      await this.addEach(c, documents, deltas, permissions);
    },
    async count(c, queries = []) {
      return applyQueries([...table(c).values()], [...queries, Q.limit(1_000_000)]).total;
    },
    async countByHour(c, datetime, sums, queries = []) {
      const hours = new Map<
        string,
        { hour: string; count: number; sums: Record<string, number> }
      >();
      for (const d of applyQueries([...table(c).values()], [...queries, Q.limit(1_000_000)])
        .documents) {
        const hour = new Date(String(d[datetime])).toISOString().slice(0, 13);
        const row = hours.get(hour) ?? { hour, count: 0, sums: {} };
        row.count++;
        for (const key of sums) row.sums[key] = (row.sums[key] ?? 0) + Number(d[key] ?? 0);
        hours.set(hour, row);
      }
      return [...hours.values()];
    },
    async lock() {
      // One transaction at a time already.
    },
    // Tallies live beside the collections, so a rollback restores them with the documents.
    async addToTally(name, by) {
      const kept = table(TALLIES).get(name);
      if (!kept) return null;
      const sum = Number(kept.value) + by;
      table(TALLIES).set(name, { $id: name, value: sum } as unknown as StoredDocument);
      return sum;
    },
    async setTally(name, value) {
      if (value === null) table(TALLIES).delete(name);
      else table(TALLIES).set(name, { $id: name, value } as unknown as StoredDocument);
    },
    // No SQL here: what another module writes "in the transaction" is the fake's to keep.
    executor: () => IN_MEMORY,
  });

  async function transaction<T>(
    databaseId: string,
    work: (docs: TransactionDocuments, afterCommit: HookContext['afterCommit']) => Promise<T>,
  ): Promise<T> {
    const run = async () => {
      const snapshot = clone(rows);
      const tasks: (() => void | Promise<void>)[] = [];
      try {
        const result = await work(documents(databaseId), (t) => void tasks.push(t));
        return { result, tasks };
      } catch (e) {
        rows = snapshot;
        throw e;
      }
    };
    const next = lock.then(run, run);
    lock = next.catch(() => undefined);
    const { result, tasks } = await next;
    for (const t of tasks) await t();
    return result;
  }

  const databases: DatabasesService = {
    registerHooks: (db, c, h) => void hooks.set(`${db}/${c}`, h),
    transaction,
  };

  /** A client operation as the databases module runs it: hooks inside the transaction. */
  const client = (caller: Caller, databaseId: string) => {
    const ctxFor = (
      c: string,
      docs: TransactionDocuments,
      afterCommit: HookContext['afterCommit'],
    ) => ({ caller, databaseId, collectionId: c, documents: docs, afterCommit }) as HookContext;
    const h = (c: string) => hooks.get(`${databaseId}/${c}`) ?? {};
    return {
      create: (
        c: string,
        documentId: string,
        data: DocumentData,
        permissions: string[] | null = null,
      ) =>
        transaction(databaseId, async (docs, afterCommit) => {
          const ctx = ctxFor(c, docs, afterCommit);
          const input = (await h(c).beforeCreate?.(ctx, { documentId, data, permissions })) ?? {
            documentId,
            data,
            permissions,
          };
          let { documentId: id, data: values } = input;
          while (input.retry && table(c).has(id))
            ({ documentId: id, data: values } = input.retry());
          const created = await docs.create(c, id, values, input.permissions ?? []);
          await h(c).afterCreate?.(ctx, created);
          return created;
        }),
      update: (c: string, id: string, data: DocumentData, permissions: string[] | null = null) =>
        transaction(databaseId, async (docs, afterCommit) => {
          const ctx = ctxFor(c, docs, afterCommit);
          const current = await docs.get(c, id);
          if (!current) throw new AppError('document_not_found');
          const patch = (await h(c).beforeUpdate?.(ctx, current, { data, permissions })) ?? {
            data,
            permissions,
          };
          const after = await docs.update(c, id, patch.data, patch.permissions ?? undefined);
          await h(c).afterUpdate?.(ctx, current, after);
          return after;
        }),
      delete: (c: string, id: string) =>
        transaction(databaseId, async (docs, afterCommit) => {
          const ctx = ctxFor(c, docs, afterCommit);
          const current = await docs.get(c, id);
          if (!current) throw new AppError('document_not_found');
          await h(c).beforeDelete?.(ctx, current);
          await docs.delete(c, id);
          await h(c).afterDelete?.(ctx, current);
        }),
    };
  };

  const storage: StorageService = {
    async createFile(bucketId, fileId, name, bytes, permissions = []) {
      const key = `${bucketId}/${fileId}`;
      if (files.has(key)) throw new AppError('storage_file_already_exists');
      files.set(key, bytes);
      const now = clock().toISOString();
      return {
        $id: fileId,
        bucketId,
        $createdAt: now,
        $updatedAt: now,
        $permissions: permissions,
        name,
        signature: '',
        mimeType: name.endsWith('.png') ? 'image/png' : 'image/webp',
        sizeOriginal: bytes.length,
        chunksTotal: 1,
        chunksUploaded: 1,
      } satisfies StoredFile;
    },
    async getFile(bucketId, fileId) {
      return files.has(`${bucketId}/${fileId}`) ? ({ $id: fileId, bucketId } as StoredFile) : null;
    },
    async setFilePermissions(bucketId, fileId) {
      return files.has(`${bucketId}/${fileId}`);
    },
    async deleteFile(bucketId, fileId) {
      deletedFiles.push(fileId);
      return files.delete(`${bucketId}/${fileId}`);
    },
  };

  return {
    databases,
    storage,
    client,
    files,
    deletedFiles,
    rows: () => rows,
    all: (c: string) => [...table(c).values()],
  };
}

export function callerOf(id: string | null, labels: string[] = []): Caller {
  if (!id) return { user: null, sessionId: null, via: null, roles: ['any', 'guests'], key: null };
  return {
    user: {
      $id: id,
      email: `${id}@example.pk`,
      phone: '',
      name: id,
      labels,
      status: true,
      emailVerification: true,
      phoneVerification: false,
    },
    sessionId: 's',
    via: 'cookie',
    roles: ['any', 'users', `user:${id}`, ...labels.map((l) => `label:${l}`)],
    key: null,
  };
}
