import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupShop } from '../../src/backup/backup.js';
import { restoreShop } from '../../src/backup/restore.js';
import { s3BlobStore } from '../../src/modules/storage/blobs/s3-blob-store.js';
import { sdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import {
  adminUser,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  startStorageServer,
} from '../support/storage.js';

describe('a backup moves a shop between its disk and S3', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('restores an S3 backup onto the local disk, and a local backup into the bucket', async () => {
    server = await startStorageServer();
    const admin = await adminUser(server);
    const photo = await imageBytes(40, 30, 'jpeg');
    await admin.storage.createFile(BUCKET, 'moved', fileOf(photo, 'moved.jpg'), ['read("any")']);
    const config = server.app.config;
    const onDisk = join(server.dataDir, 'storage', 'files', BUCKET, 'moved');
    const fromS3 = join(server.dataDir, 'backups', 'from-s3.tar.gz');
    expect((await backupShop(config, fromS3)).manifest.objects).toBe(1);
    await server.app.server.close();

    // Onto the disk: the bucket's objects become DATA_DIR's files.
    const local = { ...config, s3: null };
    await restoreShop(local, fromS3);
    expect(readFileSync(onDisk).equals(photo)).toBe(true);
    const fromDisk = join(server.dataDir, 'backups', 'from-disk.tar.gz');
    expect((await backupShop(local, fromDisk)).manifest.objects).toBeUndefined();

    // Into an empty bucket: DATA_DIR's files become its objects, and leave the disk.
    const store = s3BlobStore(config.s3!);
    await store.delete(`${BUCKET}/moved`);
    await store.close();
    await restoreShop(config, fromDisk);
    expect(await server.bucket!.keys()).toEqual([`${BUCKET}/moved`]);
    expect(existsSync(onDisk)).toBe(false);
    server = await server.restart();
    const view = await fetchAs(null, sdkUser(server).storage.getFileView(BUCKET, 'moved'));
    expect(view.bytes.equals(photo)).toBe(true);
  });
});
