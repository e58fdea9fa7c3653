import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import {
  blobStored,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  rawUpload,
  storageWithOwner,
} from '../support/storage.js';

let server: TestServer;
let admin: SdkUser;
beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
});
afterAll(() => server.close());

const unsupported = { code: 400, type: 'storage_file_type_unsupported' };

/** A real PNG whose header claims width x height (CRC fixed), body of a 1x1 image. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await imageBytes(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('a file type comes from its content', () => {
  it('refuses an HTML page named .jpg', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>'.repeat(3));
    await expectError(
      admin.storage.createFile(BUCKET, 'unique()', fileOf(html, 'shoe.jpg', 'image/jpeg')),
      { ...unsupported, message: 'File extension not allowed' },
    );
  });

  it('refuses a GIF (not in the bucket list) even when named .png', async () => {
    const gif = await imageBytes(8, 8, 'gif');
    await expectError(
      admin.storage.createFile(BUCKET, 'unique()', fileOf(gif, 'x.png')),
      unsupported,
    );
  });

  it('accepts a WebP named .txt and records image/webp', async () => {
    const webp = await imageBytes(8, 8, 'webp');
    const file = await admin.storage.createFile(BUCKET, 'unique()', fileOf(webp, 'odd.txt'));
    expect(file.mimeType).toBe('image/webp');
  });

  it('views an HTML upload as text/plain with a no-script policy', async () => {
    const user = await signedInUser(server);
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const file = await user.storage.createFile('tiny', 'unique()', fileOf(html, 'page.html'));
    expect(file.mimeType).toBe('text/plain');
    const { res, bytes } = await fetchAs(user, user.storage.getFileView('tiny', file.$id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(bytes.equals(html)).toBe(true);
  });
});

describe('sizes and dimensions', () => {
  it('refuses an oversize upload while it streams', async () => {
    const user = await signedInUser(server);
    await expectError(
      user.storage.createFile('tiny', 'unique()', fileOf(Buffer.alloc(4096, 65), 'big.txt')),
      { code: 400, type: 'storage_invalid_file_size', message: 'File size not allowed' },
    );
    const form = new FormData();
    form.append('fileId', 'unique()');
    form.append('file', new File([new Uint8Array(3 * 1024 * 1024)], 'big.bin'));
    const res = await rawUpload(server, user, 'tiny', form);
    expect(res).toMatchObject({ status: 400, body: { type: 'storage_invalid_file_size' } });
    // Nothing half-written is left behind.
    const tmp = join(server.dataDir, 'storage', 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('caps one upload request at 6 MiB (413), with or without Content-Length', async () => {
    const png = await imageBytes(8, 8);
    const bytes = Buffer.concat([png, Buffer.alloc(7 * 1024 * 1024 - png.length)]);
    const form = new FormData();
    form.append('fileId', 'unique()');
    form.append('file', new File([new Uint8Array(bytes)], 'whole.png'));
    const tooLarge = { status: 413, body: { type: 'general_payload_too_large' } };
    expect(await rawUpload(server, admin, BUCKET, form)).toMatchObject(tooLarge);
    // The same body streamed (chunked transfer encoding): refused once 6 MiB have arrived.
    const request = new Request(`${server.endpoint}/storage/buckets/${BUCKET}/files`, {
      method: 'POST',
      body: form,
    });
    const body = new Uint8Array(await request.arrayBuffer());
    const res = await fetch(request.url, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < body.length; at += 1 << 20) {
            controller.enqueue(body.subarray(at, at + (1 << 20)));
          }
          controller.close();
        },
      }),
      duplex: 'half',
      headers: {
        'content-type': request.headers.get('content-type')!,
        'X-Appwrite-Project': 'courtside',
        'X-Fallback-Cookies': admin.client.jar.get('cookieFallback')!,
      },
    } as RequestInit);
    expect({ status: res.status, body: await res.json() }).toMatchObject(tooLarge);
  });

  it('refuses a chunked upload whose total exceeds the bucket maximum before reading it', async () => {
    const form = new FormData();
    form.append('fileId', 'unique()');
    form.append('file', new File([new Uint8Array(1024)], 'big.png'));
    const res = await rawUpload(server, admin, BUCKET, form, {
      'content-range': `bytes 0-1023/${20 * 1024 * 1024}`,
    });
    expect(res).toMatchObject({ status: 400, body: { type: 'storage_invalid_file_size' } });
  });

  it('refuses an image declaring enormous dimensions, quickly', async () => {
    const started = Date.now();
    await expectError(
      admin.storage.createFile(
        BUCKET,
        'unique()',
        fileOf(await pngDeclaring(60000, 60000), 'a.png'),
      ),
      // The reference's catalogue gives storage_invalid_file 403.
      { code: 403, type: 'storage_invalid_file', message: /dimensions too large/ },
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('hostile names and ids', () => {
  it('keeps a path-like name as a name and the bytes inside the storage folder', async () => {
    const bytes = await imageBytes(8, 8);
    const name = '../../../etc/passwd.png';
    const file = await admin.storage.createFile(BUCKET, 'unique()', fileOf(bytes, name));
    expect(file.name).toBe(name);
    expect(await blobStored(server, BUCKET, file.$id)).toBe(true);
    const { res } = await fetchAs(admin, admin.storage.getFileDownload(BUCKET, file.$id));
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="../../../etc/passwd.png"',
    );
    // A name the quoted form cannot carry also goes whole, as RFC 6266's filename*.
    const urdu = await admin.storage.createFile(BUCKET, 'unique()', fileOf(bytes, 'جوتا.png'));
    const named = await fetchAs(admin, admin.storage.getFileDownload(BUCKET, urdu.$id));
    expect(named.res.headers.get('content-disposition')).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''${encodeURIComponent('جوتا.png')}`,
    );
  });

  it('refuses ids that are not keys', async () => {
    const bytes = await imageBytes(8, 8);
    for (const id of ['../escape', '.hidden', 'a/b', 'x'.repeat(37)]) {
      await expectError(admin.storage.createFile(BUCKET, id, fileOf(bytes, 'a.png')), {
        code: 400,
        type: 'general_argument_invalid',
        message: /^Invalid `fileId` param: Parameter must contain at most 36 chars/,
      });
    }
    await expectError(admin.storage.getFile(BUCKET, '.hidden'), {
      code: 400,
      type: 'general_argument_invalid',
    });
    const form = new FormData();
    form.append('fileId', 'ok');
    form.append('file', fileOf(await imageBytes(8, 8), 'a.png'));
    const res = await rawUpload(server, admin, BUCKET, form, {
      'content-range': 'bytes 0-10/100',
      'x-appwrite-id': '../../x',
    });
    expect(res).toMatchObject({ status: 400, body: { type: 'storage_invalid_appwrite_id' } });
  });
});

describe('the file parameter', () => {
  it('names a missing file, a file sent as text, and a missing fileId', async () => {
    const noFile = new FormData();
    noFile.append('fileId', 'unique()');
    expect(await rawUpload(server, admin, BUCKET, noFile)).toMatchObject({
      status: 400,
      body: { type: 'storage_file_empty', message: 'Missing required parameter: "file"' },
    });
    const asText = new FormData();
    asText.append('fileId', 'unique()');
    asText.append('file', 'not a file');
    expect(await rawUpload(server, admin, BUCKET, asText)).toMatchObject({
      status: 400,
      body: { type: 'storage_file_empty', message: 'Parameter "file" has to be a File.' },
    });
    const noId = new FormData();
    noId.append('file', fileOf(await imageBytes(8, 8), 'a.png'));
    expect(await rawUpload(server, admin, BUCKET, noId)).toMatchObject({
      status: 400,
      body: { type: 'general_argument_invalid', message: 'Missing required parameter: "fileId"' },
    });
    const broken = await rawUpload(server, admin, BUCKET, noId, {
      'content-range': 'bytes 5-1/10',
    });
    expect(broken).toMatchObject({ status: 400, body: { type: 'storage_invalid_content_range' } });
  });

  it('hides disabled buckets', async () => {
    await expectError(admin.storage.listFiles('closed'), {
      code: 404,
      type: 'storage_bucket_not_found',
    });
  });
});

/** The start of an upload whose body stops inside the file part. */
const CUT_SHORT =
  '--XX\r\nContent-Disposition: form-data; name="fileId"\r\n\r\nabc\r\n' +
  '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
  'Content-Type: image/png\r\n\r\n\x89PNG\r\n';

describe('nothing a client sends is a 500', () => {
  it('answers odd requests with protocol errors', async () => {
    const file = await admin.storage.createFile(
      BUCKET,
      'unique()',
      fileOf(await imageBytes(9, 9), 'a.png'),
    );
    const base = `${server.endpoint}/storage/buckets/${BUCKET}/files`;
    const auth = { 'X-Fallback-Cookies': admin.client.jar.get('cookieFallback')! };
    const many = new FormData();
    many.append('fileId', 'unique()');
    for (let i = 0; i < 200; i++) many.append(`f${i}`, 'x');
    const cases: [string, RequestInit][] = [
      [`${base}/${file.$id}/preview?width=abc`, {}],
      [`${base}/${file.$id}/preview?opacity=2`, {}],
      [`${base}/${file.$id}/preview?output=svg`, {}],
      [`${base}?queries=notalist(`, {}],
      [`${base}?queries[]=limit(0)`, {}],
      [`${base}?queries[]=equal("$createdAt", ["yesterday"])`, {}],
      [
        `${base}/${file.$id}`,
        { method: 'PUT', headers: auth, body: '{"permissions":["create(\\"any\\")"]}' },
      ],
      [
        `${base}/${file.$id}`,
        { method: 'PUT', headers: auth, body: '{"permissions":"read(any)"}' },
      ],
      [`${base}/${file.$id}`, { method: 'PUT', headers: auth, body: '{"name":' }],
      [base, { method: 'POST', headers: auth, body: '{"fileId":"x","file":"y"}' }],
      [`${base}/${file.$id}/view`, { headers: { Range: 'bytes=5-2' } }],
      // A multipart body without its boundary, or cut short in the middle of the file part.
      [
        base,
        { method: 'POST', headers: { ...auth, 'content-type': 'multipart/form-data' }, body: 'x' },
      ],
      [
        base,
        {
          method: 'POST',
          headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XX' },
          body: CUT_SHORT,
        },
      ],
      // JSON nested far deeper than any document or preference needs.
      [
        `${base}/${file.$id}`,
        { method: 'PUT', headers: auth, body: `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}` },
      ],
      [
        `${base}/${file.$id}`,
        {
          method: 'PUT',
          headers: auth,
          body: `{"name":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
        },
      ],
      // Headers larger than the server reads (answered before any route).
      [`${base}?pad=${'x'.repeat(40_000)}`, {}],
    ];
    for (const [url, init] of cases) {
      const res = await raw(url, init);
      expect(res.status, `${init.method ?? 'GET'} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${init.method ?? 'GET'} ${url}: ${res.text}`).toBeLessThan(500);
      expect(res.body).toMatchObject({ code: res.status, version: expect.any(String) });
    }
    const deep = await raw(`${base}/${file.$id}`, {
      method: 'PUT',
      headers: auth,
      body: `{"name":${'['.repeat(33)}${']'.repeat(33)}}`,
    });
    expect(deep.body).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: 'The request body is nested deeper than 32 levels.',
    });
    const tooMany = await rawUpload(server, admin, BUCKET, many);
    expect(tooMany).toMatchObject({ status: 400, body: { type: 'general_argument_invalid' } });
  });
});
