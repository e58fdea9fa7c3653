import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupShop } from '../../src/backup/backup.js';
import { restoreShop } from '../../src/backup/restore.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('backup and restore of the whole shop (D20)', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('brings back the accounts and files of the moment of the backup, and only those', async () => {
    server = await startTestServer();
    const before = uniqueEmail();
    await sdkUser(server).account.create('unique()', before, 'password-123', 'Ayesha');
    const photo = join(server.dataDir, 'storage', 'images', 'photo.webp');
    mkdirSync(join(photo, '..'), { recursive: true });
    writeFileSync(photo, 'the bytes of a photo');

    const archive = join(server.dataDir, 'backups', 'shop.tar.gz');
    const { manifest } = await backupShop(server.app.config, archive);
    expect(manifest.dialect).toBe(server.dialect);
    expect(existsSync(archive)).toBe(true);

    const after = uniqueEmail();
    await sdkUser(server).account.create('unique()', after, 'password-123', 'Bilal');
    writeFileSync(photo, 'overwritten');
    writeFileSync(join(server.dataDir, 'stray.txt'), 'made after the backup');

    await server.app.server.close();
    await restoreShop(server.app.config, archive);
    server = await server.restart();

    expect(readFileSync(photo, 'utf8')).toBe('the bytes of a photo');
    expect(existsSync(join(server.dataDir, 'stray.txt'))).toBe(false);
    expect(existsSync(archive)).toBe(true);
    const ayesha = sdkUser(server);
    await ayesha.account.createEmailSession(before, 'password-123');
    expect((await ayesha.account.get()).name).toBe('Ayesha');
    await expect(
      sdkUser(server).account.createEmailSession(after, 'password-123'),
    ).rejects.toMatchObject({
      type: 'user_invalid_credentials',
    });
  });

  it('refuses an archive that is not a Courtside backup and changes nothing', async () => {
    const bogus = join(server.dataDir, 'bogus.tar.gz');
    writeFileSync(bogus, 'not a tarball');
    await expect(restoreShop(server.app.config, bogus)).rejects.toThrow(/tar/);
    expect(existsSync(bogus)).toBe(true);
  });
});
