import type { App } from '../app.js';
import { rowOfModel, type UsersTable } from '../modules/account/index.js';
import { Q } from '../protocol/query-builder.js';
import type { CollectionDef } from '../schema/types.js';
import { mapDocument, soldCounts, type MappedDocument } from './documents.js';
import type { Progress } from './progress.js';
import { compareCollection, type Kind } from './schema-check.js';
import { PAGE, type Named, type Source, type SourceDocument, type SourceFile } from './source.js';

/**
 * `npm run import` (docs/shop.md "Moving from Appwrite"): the old shop's users, files, products,
 * orders and subscribers copied into this one. First everything is read and checked (schema,
 * every value, every user's hash, e-mails already taken here): any problem stops the import
 * before a thing is written. Then each kind is written, skipping what is already here, so a run
 * that was interrupted is finished by running it again: documents a page at a time in one
 * transaction, users and files one at a time. Orders go in as recorded, through the server's own
 * storage (no order rules: no re-pricing, no stock taken, no e-mails); the figures are counted
 * again at the end.
 */
export interface SourceIds {
  database: string;
  products: string;
  orders: string;
  subscribers: string;
  bucket: string;
}

export interface KindReport {
  kind: 'users' | 'files' | Kind;
  /** In the old project (null: it has no such collection). */
  inSource: number | null;
  /** Already here before this run (skipped). */
  present: number;
  /** Written by this run (a dry run: would be). */
  imported: number;
}

export interface ImportReport {
  ok: boolean;
  dryRun: boolean;
  problems: string[];
  notes: string[];
  kinds: KindReport[];
}

export interface ImportOptions {
  ids: SourceIds;
  dryRun: boolean;
  progress: Progress;
}

const KINDS: Kind[] = ['products', 'orders', 'subscribers'];
const EXAMPLES = 10;

interface Checked {
  users: UsersTable[];
  usersPresent: Set<string>;
  files: SourceFile[];
  filesPresent: Set<string>;
  documents: Map<Kind, { items: MappedDocument[]; present: Set<string> }>;
  ordersUntil: string | null;
}

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

async function checkUsers(source: Source, app: App, problems: Problems) {
  const users: UsersTable[] = [];
  const present = new Set<string>();
  for await (const page of source.users()) {
    for (const model of page) {
      const row = rowOfModel(model);
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
  }
  return { users, present };
}

async function readDocuments(source: Source, ids: SourceIds, kind: Kind) {
  const docs: SourceDocument[] = [];
  for await (const page of source.documents(ids.database, ids[kind])) docs.push(...page);
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

async function checkFiles(source: Source, app: App, ids: SourceIds, problems: Problems) {
  const bucket = app.schema.buckets.find((b) => b.$id === app.config.ids.bucket)!;
  const files: SourceFile[] = [];
  const present = new Set<string>();
  for await (const page of source.files(ids.bucket)) {
    for (const file of page) {
      const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
      const allowed = bucket.allowedFileExtensions;
      if (allowed.length > 0 && !allowed.includes(extension)) {
        problems.add(
          'files',
          `file ${file.$id} ("${file.name}"): the shop's bucket takes ${allowed.join(', ')} only`,
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
  }
  return { files, present };
}

function kindReports(checked: Checked | null): KindReport[] {
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
async function check(source: Source, app: App, ids: SourceIds) {
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
  for (const kind of schema.kinds.keys()) read.set(kind, await readDocuments(source, ids, kind));
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

async function writeUsers(app: App, checked: Checked, progress: Progress) {
  const { users } = checked;
  progress.start('users', users.length);
  let imported = 0;
  for (const [i, row] of users.entries()) {
    if ((await app.account.importUser(row)) === 'created') imported++;
    progress.update('users', i + 1);
  }
  return imported;
}

async function writeFiles(
  app: App,
  source: Source,
  ids: SourceIds,
  checked: Checked,
  progress: Progress,
) {
  const { files } = checked;
  const bucket = app.config.ids.bucket;
  progress.start('files', files.length);
  let imported = 0;
  for (const [i, file] of files.entries()) {
    if (!(await app.storage.getFile(bucket, file.$id))) {
      const bytes = await source.download(ids.bucket, file.$id);
      await app.storage.createFile(bucket, file.$id, file.name, bytes, []);
      imported++;
    }
    progress.update('files', i + 1);
  }
  return imported;
}

async function writeDocuments(app: App, kind: Kind, items: MappedDocument[], progress: Progress) {
  const { database } = app.config.ids;
  const collection = app.config.ids[kind];
  progress.start(kind, items.length);
  let imported = 0;
  for (let i = 0; i < items.length; i += PAGE) {
    const batch = items.slice(i, i + PAGE);
    imported += await app.databases.transaction(database, async (docs) => {
      const there = await docs.list(collection, [
        Q.equal(
          '$id',
          batch.map((d) => d.id),
        ),
        Q.limit(PAGE),
      ]);
      const skip = new Set(there.documents.map((d) => d.$id));
      let created = 0;
      for (const doc of batch) {
        if (skip.has(doc.id)) continue;
        await docs.create(collection, doc.id, doc.data, doc.permissions);
        created++;
      }
      return created;
    });
    progress.update(kind, Math.min(i + PAGE, items.length));
  }
  return imported;
}

const summary = (r: KindReport, dryRun = false) =>
  r.inSource === null
    ? 'none in the old project'
    : `${r.imported} ${dryRun ? 'to import' : 'imported'}, ${r.present} already here (${r.inSource} in the old project)`;

export async function runImport(
  source: Source,
  app: App,
  options: ImportOptions,
): Promise<ImportReport> {
  if (!app.shop)
    throw new Error('SCHEMA_FILE replaces the shop schema: there is no shop to import into.');
  const { ids, dryRun, progress } = options;
  const { problems, notes, checked } = await check(source, app, ids);
  const report = (ok: boolean, kinds: KindReport[]): ImportReport => ({
    ok,
    dryRun,
    problems: problems.summary(),
    notes,
    kinds,
  });
  if (!problems.empty || !checked) return report(false, kindReports(checked));
  const planned = kindReports(checked);
  if (dryRun) return report(true, planned);

  await app.shop.importing(checked.ordersUntil);
  const written = new Map<KindReport['kind'], number>();
  const done = (kind: KindReport['kind'], imported: number) => {
    written.set(kind, imported);
    const r = planned.find((p) => p.kind === kind)!;
    progress.finish(kind, summary({ ...r, imported, present: (r.inSource ?? 0) - imported }));
  };
  done('users', await writeUsers(app, checked, progress));
  done('files', await writeFiles(app, source, ids, checked, progress));
  for (const kind of KINDS) {
    const d = checked.documents.get(kind);
    if (d) done(kind, await writeDocuments(app, kind, d.items, progress));
  }
  await app.shop.imported();
  await app.shop.idle();
  return report(
    true,
    planned.map((r) => {
      const imported = written.get(r.kind) ?? 0;
      return { ...r, imported, present: (r.inSource ?? 0) - imported };
    }),
  );
}

export { summary as describeKind };
