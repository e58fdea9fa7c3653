import type { App } from '../app.js';
import { rowOfModel, type UserModelIn, type UsersTable } from '../modules/account/index.js';
import { Q } from '../protocol/query-builder.js';
import type { CollectionDef } from '../schema/types.js';
import { mapDocument, soldCounts, type MappedDocument } from './documents.js';
import { compareCollection, type Kind } from './schema-check.js';
import { recordName, shapeProblem, type Shape } from './shapes.js';
import { PAGE, type Named, type Source, type SourceDocument, type SourceFile } from './source.js';
import { KINDS, type Checked, type KindReport, type SourceIds } from './types.js';

/**
 * The import's first half: the old project read and checked against the shop (its schema, every
 * value, every user's hash, e-mails and phones taken here, every file's type and size), and what
 * of it is already here. Nothing is written.
 */
const EXAMPLES = 10;

/** Problems of one sort, a few examples each, so a long list stays readable. */
class Problems {
  readonly list: string[] = [];
  private counts = new Map<string, number>();
  add(sort: string, detail: string) {
    const n = (this.counts.get(sort) ?? 0) + 1;
    this.counts.set(sort, n);
    if (n <= EXAMPLES) this.list.push(detail);
  }
  summary(): string[] {
    const more = [...this.counts]
      .filter(([, n]) => n > EXAMPLES)
      .map(([sort, n]) => `... and ${n - EXAMPLES} more: ${sort}`);
    return [...this.list, ...more];
  }
  get empty() {
    return this.list.length === 0;
  }
}

const listNames = (items: Named[]) =>
  items.length === 0 ? 'none' : items.map((i) => `${i.$id} ("${i.name}")`).join(', ');

function targetCollection(app: App, kind: Kind): CollectionDef {
  const id = app.config.ids[kind];
  return app.schema.collections.find(
    (c) => c.databaseId === app.config.ids.database && c.$id === id,
  )!;
}

/** Which of `ids` the shop's collection already holds. */
async function presentIn(app: App, kind: Kind, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const { database } = app.config.ids;
  for (let i = 0; i < ids.length; i += PAGE) {
    const batch = ids.slice(i, i + PAGE);
    const page = await app.databases.transaction(database, (docs) =>
      docs.list(app.config.ids[kind], [Q.equal('$id', batch), Q.limit(PAGE)]),
    );
    for (const d of page.documents) found.add(d.$id);
  }
  return found;
}

/** The old project's schema against the shop's: where each kind comes from, or the problems. */
async function checkSchema(source: Source, app: App, ids: SourceIds, problems: Problems) {
  const notes: string[] = [];
  const databases = await source.databases();
  if (!databases.some((d) => d.$id === ids.database)) {
    problems.add(
      'schema',
      `The old project has no database "${ids.database}" (it has: ${listNames(databases)}); name it with --database`,
    );
    return { notes, kinds: new Map() };
  }
  const collections = await source.collections(ids.database);
  const kinds = new Map<Kind, Set<string>>();
  for (const kind of KINDS) {
    const found = collections.find((c) => c.$id === ids[kind]);
    if (!found) {
      if (kind === 'subscribers') {
        notes.push(
          `No subscribers collection "${ids.subscribers}" in the old project: none to bring`,
        );
        continue;
      }
      problems.add(
        'schema',
        `The old project has no ${kind} collection "${ids[kind]}" (its collections: ${listNames(collections)}); name it with --${kind}`,
      );
      continue;
    }
    const findings = compareCollection(kind, found, targetCollection(app, kind));
    for (const p of findings.problems) problems.add('schema', p);
    notes.push(...findings.notes);
    kinds.set(kind, new Set(found.attributes.map((a) => a.key)));
  }
  const buckets = await source.buckets();
  if (!buckets.some((b) => b.$id === ids.bucket)) {
    problems.add(
      'schema',
      `The old project has no bucket "${ids.bucket}" (its buckets: ${listNames(buckets)}); name it with --bucket`,
    );
  }
  return { notes, kinds };
}

/** The records of `shape` in `pages`; each of another shape is a problem of `sort`. */
async function* wellShaped<T>(
  pages: AsyncIterable<unknown[]>,
  shape: Shape,
  [sort, name]: [sort: string, name: string],
  problems: Problems,
): AsyncGenerator<T> {
  let index = 0;
  for await (const page of pages) {
    for (const item of page) {
      const problem = shapeProblem(shape, item);
      if (problem) problems.add(sort, `${recordName(name, item, index)} ${problem}`);
      else yield item as T;
      index++;
    }
  }
}

async function checkUsers(source: Source, app: App, problems: Problems) {
  const users: UsersTable[] = [];
  const present = new Set<string>();
  const models = wellShaped<UserModelIn>(source.users(), 'user', ['users', 'user'], problems);
  for await (const model of models) {
    const row = rowOfModel(model, app.config.passwords.bounds);
    if (typeof row === 'string') {
      problems.add('users', `user ${model.$id} (${model.email || model.phone}): ${row}`);
      continue;
    }
    if (await app.account.findUserById(row.id)) present.add(row.id);
    else {
      const conflict = await app.account.importConflict(row);
      if (conflict) problems.add('users', `user ${row.id}: ${conflict}`);
    }
    users.push(row);
  }
  return { users, present };
}

/** The kind's documents, those of the shape import.ts reads (the others named as problems). */
async function readDocuments(source: Source, ids: SourceIds, kind: Kind, problems: Problems) {
  const docs: SourceDocument[] = [];
  const pages = source.documents(ids.database, ids[kind]);
  const shape = kind === 'orders' ? 'order' : 'document';
  for await (const doc of wellShaped<SourceDocument>(pages, shape, [kind, kind], problems)) {
    docs.push(doc);
  }
  return docs;
}

function checkDocuments(
  app: App,
  kind: Kind,
  docs: SourceDocument[],
  sourceKeys: Set<string>,
  sold: ReadonlyMap<string, number>,
  problems: Problems,
) {
  const target = targetCollection(app, kind);
  return docs.map((doc) => {
    const mapped = mapDocument(kind, doc, target, sourceKeys, sold);
    const { $createdAt: _c, $updatedAt: _u, ...values } = mapped.data;
    const problem = app.databases.problemWith?.(app.config.ids.database, target.$id, values);
    if (problem) problems.add(kind, `${kind} ${doc.$id}: ${problem}`);
    return mapped;
  });
}

/**
 * What a file is, as the bucket judges it (by its bytes, which 1.4's mimeType reports): the
 * extensions of its type, or of its name when the type says nothing.
 */
const TYPE_EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
};
function extensionsOf(file: SourceFile): string[] {
  const byType = TYPE_EXTENSIONS[file.mimeType];
  if (byType) return byType;
  return file.name.includes('.') ? [file.name.split('.').pop()!.toLowerCase()] : [];
}

async function checkFiles(source: Source, app: App, ids: SourceIds, problems: Problems) {
  const bucket = app.schema.buckets.find((b) => b.$id === app.config.ids.bucket)!;
  const files: SourceFile[] = [];
  const present = new Set<string>();
  const pages = source.files(ids.bucket);
  for await (const file of wellShaped<SourceFile>(pages, 'file', ['files', 'file'], problems)) {
    const allowed = bucket.allowedFileExtensions;
    if (allowed.length > 0 && !extensionsOf(file).some((e) => allowed.includes(e))) {
      problems.add(
        'files',
        `file ${file.$id} ("${file.name}", ${file.mimeType || 'of no known type'}): the shop's bucket takes ${allowed.join(', ')} only`,
      );
    } else if (file.sizeOriginal > bucket.maximumFileSize) {
      problems.add(
        'files',
        `file ${file.$id} ("${file.name}"): ${file.sizeOriginal} bytes, over the bucket's ${bucket.maximumFileSize}`,
      );
    }
    if (await app.storage.getFile(bucket.$id, file.$id)) present.add(file.$id);
    files.push(file);
  }
  return { files, present };
}

export function kindReports(checked: Checked | null): KindReport[] {
  if (!checked) return [];
  const row = (kind: KindReport['kind'], total: number | null, present: number): KindReport => ({
    kind,
    inSource: total,
    present,
    imported: total === null ? 0 : total - present,
  });
  const reports = [
    row('users', checked.users.length, checked.usersPresent.size),
    row('files', checked.files.length, checked.filesPresent.size),
  ];
  for (const kind of KINDS) {
    const d = checked.documents.get(kind);
    reports.push(row(kind, d ? d.items.length : null, d ? d.present.size : 0));
  }
  return reports;
}

/** Reads and checks everything; writes nothing. */
export async function check(source: Source, app: App, ids: SourceIds) {
  const problems = new Problems();
  const schema: { notes: string[]; kinds: Map<Kind, Set<string>> } = await checkSchema(
    source,
    app,
    ids,
    problems,
  );
  if (!problems.empty) return { problems, notes: schema.notes, checked: null };
  const users = await checkUsers(source, app, problems);
  const files = await checkFiles(source, app, ids, problems);
  const read = new Map<Kind, SourceDocument[]>();
  for (const kind of schema.kinds.keys()) {
    read.set(kind, await readDocuments(source, ids, kind, problems));
  }
  const sold = soldCounts(read.get('orders') ?? []);
  const documents = new Map<Kind, { items: MappedDocument[]; present: Set<string> }>();
  for (const [kind, keys] of schema.kinds) {
    const items = checkDocuments(app, kind, read.get(kind)!, keys, sold, problems);
    const present = await presentIn(
      app,
      kind,
      items.map((d) => d.id),
    );
    documents.set(kind, { items, present });
  }
  const orderTimes = (documents.get('orders')?.items ?? []).map((o) => String(o.data.$createdAt));
  const checked: Checked = {
    users: users.users,
    usersPresent: users.present,
    files: files.files,
    filesPresent: files.present,
    documents,
    ordersUntil: orderTimes.length > 0 ? orderTimes.sort().at(-1)! : null,
  };
  return { problems, notes: schema.notes, checked };
}
