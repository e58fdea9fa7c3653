import type { App } from '../app.js';
import { check, kindReports } from './check.js';
import type { Progress } from './progress.js';
import type { Kind } from './schema-check.js';
import { sourceProblem, type Source } from './source.js';
import { KINDS, type ImportReport, type KindReport, type SourceIds } from './types.js';
import { ImportStopped, undoWrites, Written } from './undo.js';
import { writeDocuments, writeFiles, writeUsers } from './write.js';

export type { ImportReport, KindReport, SourceIds } from './types.js';

export interface ImportOptions {
  ids: SourceIds;
  dryRun: boolean;
  progress: Progress;
  /** Aborted (Ctrl-C): the run stops between two writes and takes out what it wrote. */
  signal?: AbortSignal;
}

const summary = (r: KindReport, dryRun = false) =>
  r.inSource === null
    ? 'none in the old project'
    : `${r.imported} ${dryRun ? 'to import' : 'imported'}, ${r.present} already here (${r.inSource} in the old project)`;

/**
 * `npm run import` (README "Moving from Appwrite", D28): the old shop's users, files, products,
 * orders and subscribers copied into this one. First everything is read and checked (schema,
 * every value, every user's hash, e-mails already taken here): any problem stops the import
 * before a thing is written. Then each kind is written, skipping what is already here:
 * documents a page at a time in one transaction, users and files one at a time. Orders go in as
 * recorded, through the server's own storage (no order rules: no re-pricing, no stock taken, no
 * e-mails); the figures are counted again at the end. All or nothing: a run that fails while
 * writing takes out what it wrote (undo.ts) and says so (ImportStopped).
 */
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
  const written = new Written();
  const run = { progress, written, signal: options.signal };
  const done = (kind: KindReport['kind'], imported: number) => {
    const r = planned.find((p) => p.kind === kind)!;
    progress.finish(kind, summary({ ...r, imported, present: (r.inSource ?? 0) - imported }));
  };
  let stage: KindReport['kind'] = 'users';
  try {
    done('users', await writeUsers(app, checked, run));
    stage = 'files';
    done('files', await writeFiles(app, source, ids, checked, run));
    for (const kind of KINDS) {
      const d = checked.documents.get(kind);
      stage = kind;
      if (d) done(kind, await writeDocuments(app, kind, d.items, run));
    }
    await app.shop.imported();
  } catch (e) {
    const cause = sourceProblem(e, source.endpoint) ?? (e instanceof Error ? e.message : String(e));
    const left = await undoWrites(app, written);
    // The figures, counted again from what the shop holds now.
    await app.shop.imported().catch(() => undefined);
    throw new ImportStopped(stage, cause, written, left);
  }
  await app.shop.idle();
  const counted = new Map<KindReport['kind'], number>([
    ['users', written.users.length],
    ['files', written.files.length],
    ...[...written.documents].map(([k, v]): [Kind, number] => [k, v.length]),
  ]);
  return report(
    true,
    planned.map((r) => {
      const imported = counted.get(r.kind) ?? 0;
      return { ...r, imported, present: (r.inSource ?? 0) - imported };
    }),
  );
}

export { summary as describeKind };
