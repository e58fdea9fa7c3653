import type { App } from '../app.js';
import { AppError } from '../protocol/errors.js';
import { Q } from '../protocol/query-builder.js';
import type { MappedDocument } from './documents.js';
import type { Progress } from './progress.js';
import type { Kind } from './schema-check.js';
import { PAGE, type Source } from './source.js';
import type { Checked, SourceIds } from './types.js';
import type { Written } from './undo.js';

/**
 * The import's second half: each kind written, skipping what is already here: users and files
 * one at a time, documents a page at a time in one transaction, through the server's own
 * storage (no order rules, no events). What is written is noted (undo.ts), so a run that fails
 * takes it out again; between writes the run stops when told to (Ctrl-C).
 */
export interface WriteRun {
  progress: Progress;
  written: Written;
  signal?: AbortSignal;
}

export async function writeUsers(app: App, checked: Checked, run: WriteRun) {
  const { users } = checked;
  const { progress, written, signal } = run;
  progress.start('users', users.length);
  for (const [i, row] of users.entries()) {
    signal?.throwIfAborted();
    if ((await app.account.importUser(row)) === 'created') written.users.push(row.id);
    progress.update('users', i + 1);
  }
  return written.users.length;
}

export async function writeFiles(
  app: App,
  source: Source,
  ids: SourceIds,
  checked: Checked,
  run: WriteRun,
) {
  const { files } = checked;
  const { progress, written, signal } = run;
  const bucket = app.config.ids.bucket;
  progress.start('files', files.length);
  for (const [i, file] of files.entries()) {
    signal?.throwIfAborted();
    if (!(await app.storage.getFile(bucket, file.$id))) {
      const bytes = await source.download(ids.bucket, file);
      await app.storage.createFile(bucket, file.$id, file.name, bytes, []).catch((e: unknown) => {
        // A file the bucket refuses (its bytes are not the type its name says) is named.
        if (e instanceof AppError)
          throw new Error(`file ${file.$id} ("${file.name}"): ${e.message}`);
        throw e;
      });
      written.files.push(file.$id);
    }
    progress.update('files', i + 1);
  }
  return written.files.length;
}

export async function writeDocuments(app: App, kind: Kind, items: MappedDocument[], run: WriteRun) {
  const { database } = app.config.ids;
  const { progress, written, signal } = run;
  const collection = app.config.ids[kind];
  progress.start(kind, items.length);
  signal?.throwIfAborted();
  let imported = 0;
  for (let i = 0; i < items.length; i += PAGE) {
    signal?.throwIfAborted();
    const batch = items.slice(i, i + PAGE);
    const made = await app.databases.transaction(database, async (docs) => {
      const there = await docs.list(collection, [
        Q.equal(
          '$id',
          batch.map((d) => d.id),
        ),
        Q.limit(PAGE),
      ]);
      const skip = new Set(there.documents.map((d) => d.$id));
      const created: string[] = [];
      for (const doc of batch) {
        if (skip.has(doc.id)) continue;
        await docs.create(collection, doc.id, doc.data, doc.permissions);
        created.push(doc.id);
      }
      return created;
    });
    // Noted once the page's transaction is committed: a page that failed left nothing.
    written.document(kind, made);
    imported += made.length;
    progress.update(kind, Math.min(i + PAGE, items.length));
  }
  return imported;
}
