import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME, BACKUPS_PATH, type BackupFile } from '@courtside/shop';
import { expectError } from '../support/expect-error.js';
import { shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * Backups from the dashboard: the owner makes one, lists them with dates and sizes and downloads
 * one; nobody else can do any of it, and no name reaches another file.
 */

let w: ShopWorld;
const url = (path = '') => new URL(`${w.admin.client.config.endpoint}${BACKUPS_PATH}${path}`);
const list = (who: ShopWorld['admin']) =>
  who.client.call('get', url()) as Promise<{ total: number; backups: BackupFile[] }>;
const make = (who: ShopWorld['admin']) =>
  who.client.call('post', url(), { 'content-type': 'application/json' }) as Promise<BackupFile>;
/** A download as the browser's link makes it: the session, the project in the address. */
const download = (name: string, who: ShopWorld['admin'] = w.admin) =>
  fetch(`${url(`/${name}`).href}?project=courtside`, {
    headers: { 'x-fallback-cookies': who.client.jar.get('cookieFallback') ?? '' },
  });

beforeAll(async () => {
  w = await shopWorld();
});
afterAll(() => w.server.close());

describe('backups from the dashboard', () => {
  it('are made by the owner, listed newest first with their size, and downloaded whole', async () => {
    expect(await list(w.admin)).toEqual({
      total: 0,
      backups: [],
      running: false,
      // The schedule's defaults (BACKUP_*): 03:00 Karachi time, 7 daily, 4 weekly, no bucket.
      schedule: {
        time: '03:00',
        keepDaily: 7,
        keepWeekly: 4,
        offsite: null,
        next: expect.stringMatching(/T22:00:00\.000Z$/),
        last: null,
      },
    });
    const made = await make(w.admin);
    expect(made.name).toMatch(BACKUP_NAME);
    expect(made.size).toBeGreaterThan(1000);
    const { backups } = await list(w.admin);
    expect(backups).toEqual([made]);
    const res = await download(made.name);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${made.name}"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(made.size);
    // A tar archive whose first entry is the backup's own folder's content.
    expect(gunzipSync(bytes).length).toBeGreaterThan(made.size);
  });

  it('are the owner’s only', async () => {
    for (const who of [w.visitor, w.alice]) {
      await expectError(list(who), { code: 401, type: 'user_unauthorized' });
      await expectError(make(who), { code: 401, type: 'user_unauthorized' });
    }
    const { backups } = await list(w.admin);
    const res = await download(backups[0]!.name, w.alice);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ type: 'user_unauthorized' });
  });

  it('answer a name that is not a backup with not found, never another file', async () => {
    for (const name of ['courtside-2020-01-01-00-00-00.tar.gz', '..%2F..%2Fpackage.json', 'x']) {
      const res = await download(name);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        code: 404,
        type: 'shop_backup_not_found',
        message: 'There is no backup with this name.',
      });
    }
  });
});
