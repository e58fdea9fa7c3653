import { removeFile, type StorageDeps } from './files.js';
import { tablesOf } from './records.js';
import { toIso } from '../../tools/dates.js';

/** Partial uploads untouched this long are abandoned: their record and parts go. */
export const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 3600 * 1000;

/**
 * Removes abandoned chunked uploads, at most once an hour per process, triggered by uploads
 * (so an idle shop does no work). Based on the records' age, never on wiping folders, so several
 * processes sharing DATA_DIR never remove each other's uploads in progress.
 */
export function abandonedUploadSweeper(deps: StorageDeps) {
  let lastRun = -Infinity;
  let running: Promise<void> | null = null;
  return function maybeSweep(): Promise<void> {
    const now = deps.clock.now().getTime();
    if (running || now - lastRun < SWEEP_EVERY_MS) return running ?? Promise.resolve();
    lastRun = now;
    running = (async () => {
      const cutoff = toIso(new Date(now - ABANDONED_AFTER_MS));
      const stale = await tablesOf(deps.db)
        .selectFrom('storage_files')
        .selectAll()
        .whereRef('chunks_uploaded', '<', 'chunks_total')
        .where('updated_at', '<', cutoff)
        .limit(500)
        .execute();
      for (const row of stale) await removeFile(deps, row);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
