import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { toIso } from '../../../tools/dates.js';
import { isBlobKey } from '../blobs/blob-store.js';
import { removeFile, type StorageDeps } from '../files/files.js';
import { findFile, isComplete, tablesOf } from '../files/records.js';

/** Partial uploads untouched this long are abandoned: their record and parts go. */
export const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 3600 * 1000;

/**
 * Removes abandoned chunked uploads, at most once an hour per process, triggered by uploads
 * (so an idle shop does no work). Based on the records' age, never on wiping folders, so several
 * processes sharing DATA_DIR never remove each other's uploads in progress. Left-overs of a
 * crash go too, once as old: part folders of files that are complete or gone, and temp files.
 */
export function abandonedUploadSweeper(deps: StorageDeps) {
  let lastRun = -Infinity;
  let running: Promise<void> | null = null;
  return function maybeSweep(): Promise<void> {
    const now = deps.clock.now().getTime();
    if (running || now - lastRun < SWEEP_EVERY_MS) return running ?? Promise.resolve();
    lastRun = now;
    running = (async () => {
      const cutoff = now - ABANDONED_AFTER_MS;
      const stale = await tablesOf(deps.db)
        .selectFrom('storage_files')
        .selectAll()
        .whereRef('chunks_uploaded', '<', 'chunks_total')
        .where('updated_at', '<', toIso(new Date(cutoff)))
        .limit(500)
        .execute();
      for (const row of stale) await removeFile(deps, row);
      await sweepOrphanParts(deps, cutoff);
      await sweepFolder(join(deps.root, 'tmp'), cutoff);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}

const entries = (dir: string) => readdir(dir, { withFileTypes: true }).catch(() => []);
const olderThan = async (path: string, cutoff: number) =>
  ((await stat(path).catch(() => null))?.mtimeMs ?? Infinity) < cutoff;

/** Part folders (uploads/<bucket>/<file>) whose upload is no longer in progress. */
async function sweepOrphanParts(deps: StorageDeps, cutoff: number) {
  const root = join(deps.root, 'uploads');
  for (const bucket of await entries(root)) {
    if (!bucket.isDirectory()) continue;
    for (const file of await entries(join(root, bucket.name))) {
      const dir = join(root, bucket.name, file.name);
      if (!(await olderThan(dir, cutoff))) continue;
      if (!isBlobKey(`${bucket.name}/${file.name}`)) continue; // not a folder this module made
      const row = await findFile(deps.db, bucket.name, file.name);
      if (!row || isComplete(row)) await rm(dir, { recursive: true, force: true });
    }
  }
}

async function sweepFolder(dir: string, cutoff: number) {
  for (const entry of await entries(dir)) {
    const path = join(dir, entry.name);
    if (entry.isFile() && (await olderThan(path, cutoff))) await rm(path, { force: true });
  }
}
