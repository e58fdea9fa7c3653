import { Permission, Query, Role, type Models } from 'appwrite';
import { fileOf } from '../../support/storage.js';
import { kept, raw, type Context, type RawAnswer } from './context.js';
import { ME } from './schema.js';
import {
  KITTEN_1,
  KITTEN_2,
  KITTEN_3,
  KITTEN_WEBP,
  LARGE,
  LOGO,
  md5,
  previewOf,
} from './storage-fixtures.js';
import { equal, like, refused, type Row } from './table.js';

/**
 * StorageBase (Appwrite 1.4 e2e), client side: upload (whole and chunked), list, get, preview,
 * download with ranges, view, update and delete, in the 2 MB png/jpg bucket `files`.
 */
const anyone = [
  Permission.read(Role.any()),
  Permission.update(Role.any()),
  Permission.delete(Role.any()),
];
const me = Role.user(ME);
const mine = [Permission.read(me), Permission.update(me), Permission.delete(me)];
const fileId = (c: Context, name: string) => kept<Models.File>(c, name).$id;
const upload = (c: Context, bucket: string, bytes: Buffer, name: string, id = 'unique()') =>
  c.me.storage.createFile(bucket, id, fileOf(bytes, name), anyone);
const described = (f: Models.File) => ({
  name: f.name,
  mimeType: f.mimeType,
  sizeOriginal: f.sizeOriginal,
  signature: f.signature,
  createdAt: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/.test(f.$createdAt),
});
const MIB = 1024 * 1024;

/** A 6 MiB chunk, sent as the SDK sends chunks (a multipart part with content-range). */
async function bigChunk(c: Context) {
  const form = new FormData();
  form.append('fileId', 'unique()');
  form.append('file', new File([new Uint8Array(LARGE.subarray(0, 6 * MIB))], 'large-file.mp4'));
  const res = await fetch(`${c.server.endpoint}/storage/buckets/large/files`, {
    method: 'POST',
    body: form,
    headers: {
      'X-Appwrite-Project': 'courtside',
      'content-range': `bytes 0-${6 * MIB - 1}/${LARGE.length}`,
      'X-Fallback-Cookies': c.me.client.jar.get('cookieFallback') ?? '',
    },
  });
  await res.arrayBuffer();
  return res.status;
}

export const uploadRows: Row<Context>[] = [
  {
    name: 'testCreateBucketFile: a PNG is stored with its name, sniffed type, size and MD5',
    run: (c) => upload(c, 'files', LOGO, 'logo.png'),
    keep: 'logo',
    pick: described,
    expect: equal({
      name: 'logo.png',
      mimeType: 'image/png',
      sizeOriginal: LOGO.length,
      signature: md5(LOGO),
      createdAt: true,
    }),
  },
  {
    name: 'testCreateBucketFile: a file over 5 MB arrives in chunks and is whole',
    run: (c) =>
      c.me.storage.createFile('large', 'unique()', fileOf(LARGE, 'large-file.mp4'), [
        Permission.read(Role.any()),
      ]),
    keep: 'large',
    pick: described,
    expect: equal({
      name: 'large-file.mp4',
      mimeType: 'video/mp4',
      sizeOriginal: LARGE.length,
      signature: md5(LARGE),
      createdAt: true,
    }),
  },
  {
    name: 'testCreateBucketFile: a chunk over 5 MB (a 6 MiB request) is 413',
    run: bigChunk,
    expect: equal(413),
  },
  {
    name: 'testCreateBucketFile: an unknown bucket is 404',
    run: (c) => upload(c, 'empty', LOGO, 'logo.png'),
    expect: refused(404, 'storage_bucket_not_found'),
  },
  {
    name: "testCreateBucketFile: a file over the bucket's size limit is 400",
    run: (c) => upload(c, 'files', KITTEN_1, 'kitten-1.png'),
    expect: refused(400, 'storage_invalid_file_size', 'File size not allowed'),
  },
  {
    name: "testCreateBucketFile: an extension outside the bucket's list is 400",
    run: (c) => upload(c, 'files', KITTEN_3, 'kitten-3.gif'),
    expect: refused(400, 'storage_file_type_unsupported', 'File extension not allowed'),
  },
];

const count = (l: Models.FileList) => [l.total, l.files.length];

export const listRows: Row<Context>[] = [
  {
    name: 'testListBucketFiles: the bucket lists its file',
    run: (c) => c.me.storage.listFiles('files'),
    pick: count,
    expect: equal([1, 1]),
  },
  {
    name: 'testListBucketFiles: limit(1)',
    run: (c) => c.me.storage.listFiles('files', [Query.limit(1)]),
    pick: (l: Models.FileList) => l.files.length,
    expect: equal(1),
  },
  {
    name: 'testListBucketFiles: offset(1)',
    run: (c) => c.me.storage.listFiles('files', [Query.offset(1)]),
    pick: (l: Models.FileList) => l.files.length,
    expect: equal(0),
  },
  {
    name: 'testListBucketFiles: equal("mimeType", "image/png")',
    run: (c) => c.me.storage.listFiles('files', [Query.equal('mimeType', 'image/png')]),
    pick: (l: Models.FileList) => l.files.length,
    expect: equal(1),
  },
  {
    name: 'testListBucketFiles: equal("mimeType", "image/jpeg")',
    run: (c) => c.me.storage.listFiles('files', [Query.equal('mimeType', 'image/jpeg')]),
    pick: (l: Models.FileList) => l.files.length,
    expect: equal(0),
  },
  {
    name: 'testListBucketFiles: an unknown bucket is 404',
    run: (c) => c.me.storage.listFiles('empty'),
    expect: refused(404, 'storage_bucket_not_found'),
  },
];

const preview = (c: Context, ...params: Parameters<Context['me']['storage']['getFilePreview']>) =>
  previewOf(c.me, c.me.storage.getFilePreview(...params));
const rotated = (c: Context, rotation: number) =>
  preview(
    c,
    'files',
    fileId(c, 'logo'),
    300,
    100,
    undefined,
    undefined,
    undefined,
    undefined,
    50,
    0.5,
    rotation,
    undefined,
    'png',
  );
const download = (c: Context, name: string, range?: string) =>
  raw(
    c,
    c.me,
    'GET',
    `/storage/buckets/${name === 'large' ? 'large' : 'files'}/files/${fileId(c, name)}/download`,
    {
      headers: range ? { Range: range } : {},
    },
  );
const served = (r: RawAnswer) => ({
  status: r.status,
  type: r.headers.get('content-type'),
  disposition: r.headers.get('content-disposition'),
  md5: md5(r.body),
});

export const readRows: Row<Context>[] = [
  {
    name: 'testGetBucketFile: the file with its three permissions',
    run: (c) => c.me.storage.getFile('files', fileId(c, 'logo')),
    pick: (f: Models.File) => ({ ...described(f), permissions: f.$permissions.length }),
    expect: like({
      name: 'logo.png',
      mimeType: 'image/png',
      sizeOriginal: LOGO.length,
      permissions: 3,
    }),
  },
  {
    name: 'testGetBucketFile: a preview without parameters is the image in its own type',
    run: (c) => preview(c, 'files', fileId(c, 'logo')),
    pick: (p: Awaited<ReturnType<typeof previewOf>>) => [p.status, p.type, p.format],
    expect: equal([200, 'image/png', 'png']),
  },
  {
    name: 'testGetBucketFile: 300x100, radius 50, opacity 0.5, rotation 45, png',
    run: (c) => rotated(c, 45),
    keep: 'rotated',
    pick: (p: Awaited<ReturnType<typeof previewOf>>) => [p.status, p.type, p.format],
    expect: equal([200, 'image/png', 'png']),
  },
  {
    name: 'testGetBucketFile: 200x80 with a 5 px red border as jpg',
    run: (c) =>
      preview(
        c,
        'files',
        fileId(c, 'logo'),
        200,
        80,
        undefined,
        undefined,
        5,
        'ff0000',
        undefined,
        undefined,
        undefined,
        undefined,
        'jpg',
      ),
    pick: (p: Awaited<ReturnType<typeof previewOf>>) => [p.status, p.type, p.format],
    expect: equal([200, 'image/jpeg', 'jpeg']),
  },
  {
    name: 'testGetBucketFile: a negative rotation (-315) is the same as 45',
    run: (c) => rotated(c, -315),
    pick: (p: Awaited<ReturnType<typeof previewOf>>, c) => [
      p.type,
      p.size === kept<{ size: string }>(c, 'rotated').size,
    ],
    expect: equal(['image/png', true]),
  },
  {
    name: 'testGetBucketFile: download is an attachment named as uploaded',
    run: (c) => download(c, 'logo'),
    pick: served,
    expect: equal({
      status: 200,
      type: 'image/png',
      disposition: 'attachment; filename="logo.png"',
      md5: md5(LOGO),
    }),
  },
  {
    name: 'testGetBucketFile: Range bytes=0-99 is 206 with those bytes',
    run: (c) => download(c, 'logo', 'bytes=0-99'),
    pick: served,
    expect: equal({
      status: 206,
      type: 'image/png',
      disposition: 'attachment; filename="logo.png"',
      md5: md5(LOGO.subarray(0, 100)),
    }),
  },
  {
    name: 'testGetBucketFile: Range bytes=0- is 206',
    run: (c) => download(c, 'logo', 'bytes=0-'),
    pick: (r: RawAnswer) => r.status,
    expect: equal(206),
  },
  {
    name: 'testGetBucketFile: Range bytes=988 is 416',
    run: (c) => download(c, 'logo', 'bytes=988'),
    pick: (r: RawAnswer) => [r.status, r.json?.type],
    expect: equal([416, 'storage_invalid_range']),
  },
  {
    name: 'testGetBucketFile: Range bytes=-988 is 416',
    run: (c) => download(c, 'logo', 'bytes=-988'),
    pick: (r: RawAnswer) => [r.status, r.json?.type],
    expect: equal([416, 'storage_invalid_range']),
  },
  {
    name: 'testGetBucketFile: view serves the image as image/png',
    run: (c) => raw(c, c.me, 'GET', `/storage/buckets/files/files/${fileId(c, 'logo')}/view`),
    pick: (r: RawAnswer) => [r.status, r.headers.get('content-type'), r.body.length],
    expect: equal([200, 'image/png', LOGO.length]),
  },
  {
    name: 'testGetBucketFile: the chunked file downloads whole',
    run: (c) => download(c, 'large'),
    pick: served,
    expect: equal({
      status: 200,
      type: 'video/mp4',
      disposition: 'attachment; filename="large-file.mp4"',
      md5: md5(LARGE),
    }),
  },
  {
    name: 'testGetBucketFile: an unknown bucket is 404',
    run: (c) => c.me.storage.getFile('empty', fileId(c, 'logo')),
    expect: refused(404, 'storage_bucket_not_found'),
  },
];

/** Where 1.4's previews are accidental or narrow (README, Previews). */
export const previewDepartureRows: Row<Context>[] = [
  {
    name: 'getFilePreview (1.4.13): output webp for a client whose Accept lacks image/webp',
    run: (c) =>
      previewOf(
        c.me,
        c.me.storage.getFilePreview(
          'files',
          fileId(c, 'logo'),
          100,
          50,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          'webp',
        ),
      ),
    pick: (p: Awaited<ReturnType<typeof previewOf>>) => [p.status, p.type, p.format],
    expect: equal([200, 'image/webp', 'webp']),
    differs: {
      appwrite: 'a jpg instead',
      why: 'the requested format is the answer whatever the Accept header',
    },
  },
  {
    name: 'getFilePreview (1.4.13): a WebP file is rendered',
    run: async (c) => {
      const file = await c.me.storage.createFile(
        'bucket_any',
        'unique()',
        fileOf(KITTEN_WEBP, 'image.webp'),
      );
      return previewOf(c.me, c.me.storage.getFilePreview('bucket_any', file.$id, 210));
    },
    pick: (p: Awaited<ReturnType<typeof previewOf>>) => [p.status, p.type, p.size],
    expect: equal([200, 'image/webp', '210x105']),
    differs: {
      appwrite: "the mime type's generic icon (1.4 renders jpeg, png and gif only)",
      why: 'previews read jpeg, png, gif, webp and avif',
    },
  },
];

export const changeRows: Row<Context>[] = [
  {
    name: 'testFilePreviewCache: a file with a chosen id',
    run: (c) => upload(c, 'files', LOGO, 'logo.png', 'testcache'),
    pick: (f: Models.File) => f.$id,
    expect: equal('testcache'),
  },
  {
    name: 'testFilePreviewCache: its preview',
    run: (c) => previewOf(c.me, c.me.storage.getFilePreview('files', 'testcache', 300, 100)),
    keep: 'cached',
    pick: (p: Awaited<ReturnType<typeof previewOf>>) => [p.status, p.type],
    expect: equal([200, 'image/png']),
  },
  {
    name: 'testFilePreviewCache: deleted (204)',
    run: (c) => raw(c, c.me, 'DELETE', '/storage/buckets/files/files/testcache'),
    pick: (r: RawAnswer) => [r.status, r.body.length],
    expect: equal([204, 0]),
  },
  {
    name: 'testFilePreviewCache: another picture under the same id',
    run: (c) => upload(c, 'files', KITTEN_2, 'logo.png', 'testcache'),
    pick: (f: Models.File) => f.signature,
    expect: equal(md5(KITTEN_2)),
  },
  {
    name: 'testFilePreviewCache: the preview is of the new picture, not the cached one',
    run: (c) => previewOf(c.me, c.me.storage.getFilePreview('files', 'testcache', 300, 100)),
    pick: (p: Awaited<ReturnType<typeof previewOf>>, c) =>
      p.bytes.equals(kept<{ bytes: Buffer }>(c, 'cached').bytes),
    expect: equal(false),
  },
  {
    name: 'testUpdateBucketFile: a new name and permissions',
    run: (c) => c.me.storage.updateFile('files', fileId(c, 'logo'), 'logo_updated.png', mine),
    pick: (f: Models.File) => ({ ...described(f), permissions: f.$permissions }),
    expect: like({
      name: 'logo_updated.png',
      mimeType: 'image/png',
      sizeOriginal: LOGO.length,
      permissions: mine,
    }),
  },
  {
    name: 'testUpdateBucketFile: an unknown bucket is 404',
    run: (c) => c.me.storage.updateFile('empty', fileId(c, 'logo'), undefined, mine),
    expect: refused(404, 'storage_bucket_not_found'),
  },
  {
    name: 'testDeleteBucketFile: 204 without a body',
    run: (c) => raw(c, c.me, 'DELETE', `/storage/buckets/files/files/${fileId(c, 'logo')}`),
    pick: (r: RawAnswer) => [r.status, r.body.length],
    expect: equal([204, 0]),
  },
];
