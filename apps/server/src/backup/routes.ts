import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_NAME, backupName, BACKUPS_PATH, type BackupFile } from '@courtside/shop';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { requireAdmin } from '../shop/context.js';
import { shopError } from '../shop/errors.js';
import { backupShop } from './backup.js';
import { scheduleInfo } from './schedule.js';

type BackupConfig = Pick<Config, 'database' | 'dataDir' | 's3' | 'ids' | 'backups'>;

/** The backups in DATA_DIR/backups, newest first (those `npm run backup` made too). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
  const files = await Promise.all(
    names.map(async (name) => {
      const s = await stat(join(dir, name));
      return { name, size: s.size, createdAt: s.mtime.toISOString() };
    }),
  );
  return files.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The owner's backups from the dashboard, admins only: the list, a new one (the same archive as
 * `npm run backup`, one at a time: another asked meanwhile is told it is under way), the
 * schedule (BACKUP_*: its time, retention, off-site bucket, next and last run), and the
 * download of one by its name (only names the shop gives its archives, so no other file can be
 * asked for). Restoring stays a command: it replaces the data under a stopped shop.
 */
export function backupRoutes(config: BackupConfig) {
  const dir = join(config.dataDir, 'backups');
  let making: Promise<BackupFile> | null = null;
  const make = async (): Promise<BackupFile> => {
    const name = backupName(new Date());
    await backupShop(config, join(dir, name));
    const s = await stat(join(dir, name));
    return { name, size: s.size, createdAt: s.mtime.toISOString() };
  };
  return async (api: FastifyInstance): Promise<void> => {
    api.get(BACKUPS_PATH, async (req) => {
      requireAdmin(req.caller, config.ids);
      const backups = await listBackups(dir);
      const schedule = await scheduleInfo(config, new Date());
      return { total: backups.length, backups, running: making !== null, schedule };
    });
    api.post(BACKUPS_PATH, async (req, reply) => {
      requireAdmin(req.caller, config.ids);
      if (making) throw shopError('shop_backup_running');
      making = make();
      try {
        return await reply.code(201).send(await making);
      } finally {
        making = null;
      }
    });
    api.get(`${BACKUPS_PATH}/:name`, async (req, reply) => {
      requireAdmin(req.caller, config.ids);
      const { name } = req.params as { name: string };
      const found = BACKUP_NAME.test(name) ? await stat(join(dir, name)).catch(() => null) : null;
      if (!found?.isFile()) throw shopError('shop_backup_not_found');
      return reply
        .type('application/gzip')
        .header('Content-Length', found.size)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(createReadStream(join(dir, name)));
    });
  };
}
