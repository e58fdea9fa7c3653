import { Permission, Role } from 'appwrite';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { signedInUser, sdkUser, type SdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import { BUCKET, fetchAs, fileOf, imageBytes, storageWithOwner } from '../support/storage.js';

let server: TestServer;
let admin: SdkUser;
beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
});
afterAll(() => server.close());

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('upload, get, view, download', () => {
  it('stores a small PNG with its content-sniffed type, signature and size', async () => {
    const bytes = await imageBytes(64, 48);
    const file = await admin.storage.createFile(BUCKET, 'unique()', fileOf(bytes, 'shoe.png'));
    expect(file).toMatchObject({
      bucketId: BUCKET,
      name: 'shoe.png',
      mimeType: 'image/png',
      signature: md5(bytes),
      sizeOriginal: bytes.length,
      chunksTotal: 1,
      chunksUploaded: 1,
    });
    expect(file.$id).toMatch(/^[0-9a-f]{20}$/);
    expect(Object.keys(file)).toEqual([
      '$id',
      'bucketId',
      '$createdAt',
      '$updatedAt',
      '$permissions',
      'name',
      'signature',
      'mimeType',
      'sizeOriginal',
      'chunksTotal',
      'chunksUploaded',
    ]);
    const me = await admin.account.get();
    expect(file.$permissions).toEqual([
      `read("user:${me.$id}")`,
      `update("user:${me.$id}")`,
      `delete("user:${me.$id}")`,
    ]);
    expect(await admin.storage.getFile(BUCKET, file.$id)).toEqual(file);
  });

  it('serves the same bytes on view (inline) and download (attachment), to anyone', async () => {
    const bytes = await imageBytes(40, 40, 'jpeg');
    const file = await admin.storage.createFile(BUCKET, 'shoe-1', fileOf(bytes, 'photo.jpg'), [
      Permission.read(Role.any()),
    ]);
    expect(file.mimeType).toBe('image/jpeg');
    const guest = sdkUser(server);
    const view = await fetchAs(guest, guest.storage.getFileView(BUCKET, file.$id));
    expect(view.res.status).toBe(200);
    expect(view.bytes.equals(bytes)).toBe(true);
    expect(view.res.headers.get('content-type')).toBe('image/jpeg');
    expect(view.res.headers.get('content-disposition')).toMatch(/^inline; filename="photo.jpg"/);
    expect(view.res.headers.get('x-content-type-options')).toBe('nosniff');
    const download = await fetchAs(guest, guest.storage.getFileDownload(BUCKET, file.$id));
    expect(download.bytes.equals(bytes)).toBe(true);
    expect(download.res.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
  });

  it('answers byte ranges with 206 and refuses bad ones with 416', async () => {
    const bytes = await imageBytes(30, 30);
    const file = await admin.storage.createFile(BUCKET, 'ranged', fileOf(bytes, 'r.png'));
    const url = admin.storage.getFileDownload(BUCKET, file.$id);
    const part = await fetchAs(admin, url, { headers: { Range: 'bytes=2-9' } });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes 2-9/${bytes.length}`);
    expect(part.bytes.equals(bytes.subarray(2, 10))).toBe(true);
    const bad = await fetchAs(admin, url, { headers: { Range: 'bytes=-988' } });
    expect(bad.res.status).toBe(416);
    expect(JSON.parse(bad.bytes.toString()).type).toBe('storage_invalid_range');
  });

  it('refuses a second file with the same id', async () => {
    const bytes = await imageBytes(10, 10);
    await admin.storage.createFile(BUCKET, 'twice', fileOf(bytes, 'a.png'));
    await expectError(admin.storage.createFile(BUCKET, 'twice', fileOf(bytes, 'a.png')), {
      code: 409,
      type: 'storage_file_already_exists',
    });
  });

  it('answers 404 for unknown buckets and files', async () => {
    const bytes = await imageBytes(10, 10);
    await expectError(admin.storage.createFile('nope', 'unique()', fileOf(bytes, 'a.png')), {
      code: 404,
      type: 'storage_bucket_not_found',
    });
    await expectError(admin.storage.getFile(BUCKET, 'missing'), {
      code: 404,
      type: 'storage_file_not_found',
    });
  });
});

describe('who may upload', () => {
  it('refuses guests and signed-in users without the admin label', async () => {
    const bytes = await imageBytes(10, 10);
    await expectError(
      sdkUser(server).storage.createFile(BUCKET, 'unique()', fileOf(bytes, 'a.png')),
      {
        code: 401,
        type: 'user_unauthorized',
      },
    );
    const user = await signedInUser(server);
    await expectError(user.storage.createFile(BUCKET, 'unique()', fileOf(bytes, 'a.png')), {
      code: 401,
      type: 'user_unauthorized',
    });
  });

  it('refuses permissions naming roles the admin does not hold', async () => {
    const bytes = await imageBytes(10, 10);
    await expectError(
      admin.storage.createFile(BUCKET, 'unique()', fileOf(bytes, 'a.png'), [
        Permission.read(Role.user('someone-else')),
      ]),
      {
        code: 401,
        type: 'user_unauthorized',
        message: /^Permissions must be one of: \(any, users/,
      },
    );
  });
});
