import type { App } from '../app.js';
import { AppError } from '../protocol/errors.js';
import { Q } from '../protocol/query-builder.js';
import type { MappedDocument } from './documents.js';
import type { Progress } from './progress.js';
import type { Kind } from './schema-check.js';
import { PAGE, type Source } from './source.js';
import type { Checked, SourceIds } from './types.js';

/**
 * The import's second half: each kind written, skipping what is already here (a run that was
 * interrupted goes on where it stopped): users and files one at a time, documents a page at a
 * time in one transaction, through the server's own storage (no order rules, no events).
 */
export async function writeUsers(app: App, checked: Checked, progress: Progress) {
  const { users } = checked;
  progress.start('users', users.length);
  let imported = 0;
  for (const [i, row] of users.entries()) {
    if ((await app.account.importUser(row)) === 'created') imported++;
    progress.update('users', i + 1);
  }
  return imported;
}

export async function writeFiles(
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
      await app.storage.createFile(bucket, file.$id, file.name, bytes, []).catch((e: unknown) => {
        // A file the bucket refuses (its bytes are not the type its name says) is named.
        if (e instanceof AppError)
          throw new Error(`file ${file.$id} ("${file.name}"): ${e.message}`);
        throw e;
      });
      imported++;
    }
    progress.update('files', i + 1);
  }
  return imported;
}

export async function writeDocuments(
  app: App,
  kind: Kind,
  items: MappedDocument[],
  progress: Progress,
) {
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
