import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { describeHolder, restoreHolder, takePgServerLock } from './restore-lock.js';
import { holdDataDir } from './running.js';

/** How often a waiting server looks again, and how often it says why it waits. */
const POLL_MS = 500;
const SAY_EVERY_MS = 5000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Takes this server's hold on the shop's data (backup/restore-lock.ts): its mark in
 * DATA_DIR/running and, on PostgreSQL, the restore lock shared. The restore that holds it, named,
 * when there is one (and then nothing is held).
 */
async function tryHold(
  config: Pick<Config, 'database' | 'dataDir'>,
  log: FastifyBaseLogger,
): Promise<{ release: () => Promise<void> } | { restore: string }> {
  const releaseMark = holdDataDir(config.dataDir);
  const holder = restoreHolder(config.dataDir);
  if (holder) {
    releaseMark();
    return { restore: `${describeHolder(holder)}, holding ${config.dataDir}/restore.lock` };
  }
  if (config.database.kind !== 'postgres') {
    return { release: async () => releaseMark() };
  }
  const onLost = (err: Error) =>
    log.error({ err }, 'the session holding the restore lock ended: a restore could start now');
  const lock = await takePgServerLock(config.database.url, onLost).catch((e: unknown) => {
    releaseMark();
    throw e;
  });
  if (typeof lock === 'string') {
    releaseMark();
    return { restore: `${lock}, holding the database's restore lock` };
  }
  return {
    release: async () => {
      await lock.release();
      releaseMark();
    },
  };
}

/**
 * Before a server opens the database: waits while a restore is under way (up to `waitSeconds`,
 * RESTORE_WAIT_SECONDS, saying why every few seconds), then holds the data for as long as the
 * server runs, so no restore starts under it. Throws, saying why, when the restore outlasts the
 * wait. The returned function lets the data go.
 */
export async function holdShopData(
  config: Pick<Config, 'database' | 'dataDir' | 'restoreWaitSeconds'>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const started = Date.now();
  let said = 0;
  for (;;) {
    const hold = await tryHold(config, log);
    if ('release' in hold) return hold.release;
    const waited = Date.now() - started;
    if (waited >= config.restoreWaitSeconds * 1000) {
      throw new Error(
        `A restore of the shop is under way (${hold.restore}); this server waited ` +
          `${config.restoreWaitSeconds} s (RESTORE_WAIT_SECONDS) and does not start. Start it ` +
          'again once the restore has finished.',
      );
    }
    if (waited >= said) {
      log.warn(
        { restore: hold.restore, waitedSeconds: Math.round(waited / 1000) },
        'a restore of the shop is under way: waiting for it to finish before starting',
      );
      said += SAY_EVERY_MS;
    }
    await sleep(POLL_MS);
  }
}
