import type { App } from '../app.js';
import type { Kind } from './schema-check.js';
import type { KindReport } from './types.js';

/**
 * The import is all or nothing: what a run writes is noted here as it goes, and when the run
 * fails while writing (the source stops answering, a file is refused, the owner presses Ctrl-C)
 * it is taken out again, newest kind first, so the shop is as it was before the run. What was
 * here before the run (skipped as present) is never touched.
 */
export class Written {
  readonly users: string[] = [];
  readonly files: string[] = [];
  readonly documents = new Map<Kind, string[]>();

  document(kind: Kind, ids: readonly string[]) {
    const list = this.documents.get(kind) ?? [];
    list.push(...ids);
    this.documents.set(kind, list);
  }

  /** "2 users, 2 files, 30 products", or '' when nothing was written. */
  summary(): string {
    const parts: [number, string][] = [
      [this.users.length, 'users'],
      [this.files.length, 'files'],
      ...[...this.documents].map(([kind, ids]): [number, string] => [ids.length, kind]),
    ];
    return parts
      .filter(([n]) => n > 0)
      .map(([n, what]) => `${n} ${what}`)
      .join(', ');
  }
}

const PAGE = 100;

/** Takes out what `written` holds; answers what could not be taken out, and why. */
export async function undoWrites(app: App, written: Written): Promise<string[]> {
  const left: string[] = [];
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (e) {
      left.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const { database } = app.config.ids;
  for (const [kind, ids] of [...written.documents].reverse()) {
    for (let i = 0; i < ids.length; i += PAGE) {
      const batch = ids.slice(i, i + PAGE);
      await attempt(`${kind} ${batch[0]} to ${batch.at(-1)}`, () =>
        app.databases.transaction(database, async (docs) => {
          for (const id of batch) await docs.delete(app.config.ids[kind], id);
        }),
      );
    }
  }
  for (const id of written.files) {
    await attempt(`file ${id}`, () => app.storage.deleteFile(app.config.ids.bucket, id));
  }
  for (const id of written.users) {
    await attempt(`user ${id}`, () => app.account.removeImportedUser(id));
  }
  return left;
}

/** A run that failed while writing, after taking out what it wrote. */
export class ImportStopped extends Error {
  constructor(stage: KindReport['kind'], cause: string, written: Written, left: string[]) {
    const wrote = written.summary();
    const after = !wrote
      ? 'Nothing had been written.'
      : left.length === 0
        ? `What this run wrote was taken out again (${wrote}): the shop is as it was before it.`
        : `Of what this run wrote (${wrote}), these could not be taken out again: ${left.join('; ')}. Running the same command again skips them and brings the rest.`;
    super(`The import stopped at ${stage}: ${cause}. ${after}`);
    this.name = 'ImportStopped';
  }
}
