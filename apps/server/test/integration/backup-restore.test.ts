import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupShop } from '../../src/backup/backup.js';
import { restoreShop } from '../../src/backup/restore.js';
import { RUNNING_DIR } from '../../src/backup/running.js';
import { spawnServer } from '../support/server-process.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import {
  adminUser,
  BUCKET,
  blobStored,
  fetchAs,
  fileOf,
  imageBytes,
  startStorageServer,
} from '../support/storage.js';

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
    await server.app.server.close();
    await expect(restoreShop(server.app.config, bogus)).rejects.toThrow(/tar/);
    expect(existsSync(bogus)).toBe(true);
    server = await server.restart();
  });

  it('refuses while the shop runs, and says which process holds it', async () => {
    const archive = join(server.dataDir, 'backups', 'shop.tar.gz');
    const stray = join(server.dataDir, 'still-here.txt');
    writeFileSync(stray, 'the running shop keeps this');
    await expect(restoreShop(server.app.config, archive)).rejects.toThrow(
      new RegExp(`The shop is running \\(pid ${process.pid} on .+\\): stop it before restoring`),
    );
    expect(readFileSync(stray, 'utf8')).toBe('the running shop keeps this');
  });

  it('clears the mark of a server that died without removing it', async () => {
    await server.app.server.close();
    const dead = join(server.dataDir, RUNNING_DIR, `${hostname()}-999999999-deadbeef`);
    writeFileSync(dead, 'left by a killed process');
    await restoreShop(server.app.config, join(server.dataDir, 'backups', 'shop.tar.gz'));
    expect(existsSync(dead)).toBe(false);
    server = await server.restart();
  });

  it('keeps the data, the database and the backups to the server user (0700 folders, 0600 files)', async () => {
    const archive = join(server.dataDir, 'backups', 'modes.tar.gz');
    await backupShop(server.app.config, archive);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const dataDir = mkdtempSync(join(tmpdir(), 'modes-'));
    const fresh = await spawnServer({ DATA_DIR: dataDir, SEED_DEMO: 'off', LOG_LEVEL: 'warn' });
    try {
      const owner = sdkUser({ endpoint: fresh.endpoint });
      await owner.account.create('unique()', uniqueEmail(), 'password-123', 'Owner');
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'courtside.db')).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, RUNNING_DIR)).mode & 0o777).toBe(0o700);
    } finally {
      await fresh.close();
    }
  });
});

describe('backup and restore of the stored files (local disk, or the S3 bucket)', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('brings back the files of the moment of the backup and drops the ones uploaded since', async () => {
    server = await startStorageServer();
    const admin = await adminUser(server);
    const photo = await imageBytes(64, 48, 'jpeg');
    const kept = await admin.storage.createFile(BUCKET, 'kept', fileOf(photo, 'kept.jpg'), [
      'read("any")',
    ]);
    const preview = sdkUser(server).storage.getFilePreview(BUCKET, kept.$id, 32);
    expect((await fetchAs(null, preview)).res.status).toBe(200);
    const archive = join(server.dataDir, 'backups', 'files.tar.gz');
    const { manifest } = await backupShop(server.app.config, archive);
    // With S3 the archive holds the bucket's objects; on the local disk, DATA_DIR's files.
    expect(manifest.objects).toBe(server.bucket ? 1 : undefined);
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
    expect(listed).toContain(
      server.bucket ? './objects/images/kept' : './data/storage/files/images/kept',
    );
    // Rendered previews are rebuilt on demand, never backed up.
    expect(listed.filter((entry) => entry.includes('previews'))).toEqual([]);

    await admin.storage.deleteFile(BUCKET, kept.$id);
    await admin.storage.createFile(BUCKET, 'later', fileOf(await imageBytes(8, 8), 'later.png'));
    await server.app.server.close();
    await restoreShop(server.app.config, archive);
    server = await server.restart();

    const view = await fetchAs(null, sdkUser(server).storage.getFileView(BUCKET, kept.$id));
    expect(view.res.status).toBe(200);
    expect(view.bytes.equals(photo)).toBe(true);
    const again = sdkUser(server).storage.getFilePreview(BUCKET, kept.$id, 32);
    expect((await fetchAs(null, again)).res.status).toBe(200);
    expect(await blobStored(server, BUCKET, 'later')).toBe(false);
    if (server.bucket) expect(await server.bucket.keys()).toEqual([`${BUCKET}/kept`]);
  });
});
