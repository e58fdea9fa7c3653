import { Permission, Query, Role, type Models } from 'appwrite';
import { InputFile } from 'node-appwrite';
import { fileOf } from '../../support/storage.js';
import type { SdkUser } from '../../support/sdk.js';
import { kept, type Context } from './context.js';
import { ME } from './schema.js';
import { LOGO, outcomes, statuses } from './storage-fixtures.js';
import { equal, refused, type Row } from './table.js';

/**
 * StorageCustomClientTest (Appwrite 1.4 e2e): bucket permissions without file security, then
 * file permissions in a bucket that grants nothing itself, `write` on files, default
 * permissions and roles a client may not grant; plus a disabled bucket.
 */
const me = Role.user(ME);
const fileId = (c: Context, name: string) => kept<Models.File>(c, name).$id;
const upload = (user: SdkUser, bucket: string, permissions?: string[]) =>
  user.storage.createFile(bucket, 'unique()', fileOf(LOGO, 'permissions.png'), permissions);
/** Get, preview, download and view of a file as `user`: the SDK call, then three URLs. */
async function reads(c: Context, user: SdkUser, bucket: string, name: string) {
  const id = fileId(c, name);
  const got = await outcomes([() => user.storage.getFile(bucket, id)]);
  const s = user.storage;
  return [
    ...got,
    ...(await statuses(user, [
      s.getFilePreview(bucket, id),
      s.getFileDownload(bucket, id),
      s.getFileView(bucket, id),
    ])),
  ];
}
const READABLE = ['ok', 200, 200, 200];
/** What Appwrite's tests try where they may not: get, upload, re-permission, delete. */
const trespass = (c: Context, user: SdkUser, bucket: string, name: string) =>
  outcomes([
    () => user.storage.getFile(bucket, fileId(c, name)),
    () => upload(user, bucket),
    () => user.storage.updateFile(bucket, fileId(c, name), undefined, []),
    () => user.storage.deleteFile(bucket, fileId(c, name)),
  ]);
const DENIED = '401 user_unauthorized';

function bucketRows(bucket: string, test: string, owner: 'guest' | 'me'): Row<Context>[] {
  const who = (c: Context) => (owner === 'guest' ? c.guest : c.me);
  const rows: Row<Context>[] = [
    {
      name: `${test}: uploaded without permissions`,
      run: (c) => upload(who(c), bucket),
      keep: bucket,
      pick: (f: Models.File) => [f.name, f.mimeType, f.sizeOriginal],
      expect: equal(['permissions.png', 'image/png', LOGO.length]),
    },
    {
      name: `${test}: get, preview, download and view`,
      run: (c) => reads(c, who(c), bucket, bucket),
      expect: equal(READABLE),
    },
    {
      name: `${test}: renamed`,
      run: (c) => who(c).storage.updateFile(bucket, fileId(c, bucket), 'permissions.png'),
      pick: (f: Models.File) => f.name,
      expect: equal('permissions.png'),
    },
  ];
  if (owner === 'me') {
    rows.push({
      name: `${test}: a guest may not read, upload, change or delete`,
      run: (c) => trespass(c, c.guest, bucket, bucket),
      expect: equal([DENIED, DENIED, DENIED, DENIED]),
    });
  }
  if (bucket === 'bucket_user') {
    rows.push({
      name: `${test}: another user may not read, upload, change or delete`,
      run: (c) => trespass(c, c.other, bucket, bucket),
      expect: equal([DENIED, DENIED, DENIED, DENIED]),
    });
  }
  rows.push({
    name: `${test}: deleted by ${owner === 'guest' ? 'a guest' : 'its owner'}`,
    run: (c) => outcomes([() => who(c).storage.deleteFile(bucket, fileId(c, bucket))]),
    expect: equal(['ok']),
  });
  return rows;
}

/** testFile*Permissions: the server uploads with one read role into `file_security`. */
function fileRows(
  test: string,
  role: string,
  reader: 'guest' | 'me',
  name: string,
): Row<Context>[] {
  const who = (c: Context) => (reader === 'guest' ? c.guest : c.me);
  const rows: Row<Context>[] = [
    {
      name: `${test}: the server uploads a file readable by ${role}`,
      run: (c) =>
        c.key.storage.createFile(
          'file_security',
          'unique()',
          InputFile.fromBuffer(LOGO, 'permissions.png'),
          [`read("${role}")`],
        ),
      keep: name,
      pick: (f: Models.File) => f.$permissions,
      expect: equal([`read("${role}")`]),
    },
    {
      name: `${test}: get, preview, download and view`,
      run: (c) => reads(c, who(c), 'file_security', name),
      expect: equal(READABLE),
    },
    {
      name: `${test}: no upload (the bucket grants no create) and no delete`,
      run: (c) =>
        outcomes([
          () => upload(who(c), 'file_security'),
          () => who(c).storage.deleteFile('file_security', fileId(c, name)),
        ]),
      expect: equal([DENIED, DENIED]),
    },
  ];
  if (role === `user:${ME}`) {
    rows.push({
      name: `${test}: another user gets 404, and may not upload, change or delete`,
      run: (c) => trespass(c, c.other, 'file_security', name),
      expect: equal(['404 storage_file_not_found', DENIED, DENIED, DENIED]),
    });
  }
  return rows;
}

const notMe = Role.user('notme');
const abuse: [string, string[]][] = [
  ['read', [Permission.read(notMe)]],
  ['update and delete', [Permission.update(notMe), Permission.delete(notMe)]],
  [
    'read, update and delete',
    [Permission.read(notMe), Permission.update(notMe), Permission.delete(notMe)],
  ],
];
const mustBeOne = new RegExp(`^Permissions must be one of: \\(any, users, user:${ME}, `);

export const storagePermissionRows: Row<Context>[] = [
  ...bucketRows('bucket_any', 'testBucketAnyPermissions', 'guest'),
  ...bucketRows('bucket_users', 'testBucketUsersPermissions', 'me'),
  ...bucketRows('bucket_user', 'testBucketUserPermissions', 'me'),
  ...fileRows('testFileAnyPermissions', 'any', 'guest', 'fileAny'),
  ...fileRows('testFileUsersPermissions', 'users', 'me', 'fileUsers'),
  ...fileRows('testFileUserPermissions', `user:${ME}`, 'me', 'fileUser'),
  {
    name: 'testAllowedPermissions: write on a file is update and delete',
    run: (c) => upload(c.me, 'allowed', [`write("user:${ME}")`]),
    pick: (f: Models.File) => f.$permissions,
    expect: equal([Permission.update(me), Permission.delete(me)]),
  },
  {
    name: 'testAllowedPermissions: create on a file is 400',
    run: (c) => upload(c.me, 'allowed', [Permission.create(me)]),
    expect: refused(
      400,
      'general_argument_invalid',
      /^Invalid `permissions` param: Permission "create\(/,
    ),
  },
  {
    name: 'testAllowedPermissions: create on a file, sent by a guest the bucket lets in nowhere',
    run: (c) => upload(c.guest, 'allowed', [Permission.create(me)]),
    expect: refused(401, 'user_unauthorized'),
    differs: {
      appwrite: "400 for the permissions param, checked before the bucket's create permission",
      why: 'an upload is refused before its multipart body is read when the caller may not create in the bucket',
    },
  },
  {
    name: 'testCreateFileDefaultPermissions: without permissions the uploader gets read, update, delete',
    run: (c) => upload(c.me, 'bucket_any'),
    keep: 'defaults',
    pick: (f: Models.File) => f.$permissions,
    expect: equal([Permission.read(me), Permission.update(me), Permission.delete(me)]),
  },
  ...abuse.map(([what, permissions]): Row<Context> => ({
    name: `testCreateFileAbusePermissions: granting ${what} to another user is 401`,
    run: (c) => upload(c.me, 'bucket_any', permissions),
    expect: refused(401, 'user_unauthorized', mustBeOne),
  })),
  ...abuse.map(([what, permissions]): Row<Context> => ({
    name: `testUpdateFileAbusePermissions: granting ${what} to another user is 401`,
    run: (c) =>
      c.me.storage.updateFile('bucket_any', fileId(c, 'defaults'), undefined, permissions),
    expect: refused(401, 'user_unauthorized', mustBeOne),
  })),
  {
    name: 'listFiles (1.4.13): a cursor naming a file the caller may not read',
    run: (c) =>
      c.other.storage.listFiles('file_security', [Query.cursorAfter(fileId(c, 'fileUser'))]),
    expect: refused(400, 'general_cursor_not_found'),
    differs: {
      appwrite: 'pages from it (the cursor is looked up without permissions)',
      why: 'a cursor leaks nothing: it answers as one that does not exist (README, Security)',
    },
  },
  {
    name: 'reference §3.2: a disabled bucket is 404 to list, upload and get',
    run: (c) =>
      outcomes([
        () => c.me.storage.listFiles('closed'),
        () => upload(c.me, 'closed'),
        () => c.me.storage.getFile('closed', 'any'),
      ]),
    expect: equal(Array(3).fill('404 storage_bucket_not_found')),
  },
];
