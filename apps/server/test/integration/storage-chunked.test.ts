import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError } from '../support/expect-error.js';
import type { SdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import {
  adminUser,
  blobStored,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  noisePng,
  rawUpload,
  startStorageServer,
  storageWithOwner,
  uploadParts,
} from '../support/storage.js';
import { signedInUser } from '../support/sdk.js';

let server: TestServer;
let admin: SdkUser;
let big: Buffer;
beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
  big = await noisePng(1500, 1500); // about 6.75 MB: the SDK sends it in two chunks
});
afterAll(() => server.close());

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const CHUNK = 5 * 1024 * 1024;

describe('chunked uploads (files over 5 MB)', () => {
  it('uploads in chunks under a generated id and reads back identical bytes', async () => {
    expect(big.length).toBeGreaterThan(CHUNK);
    const progress: number[] = [];
    const file = await admin.storage.createFile(
      BUCKET,
      'unique()',
      fileOf(big, 'noise.png'),
      undefined,
      (p) => progress.push(p.chunksUploaded),
    );
    expect(progress).toEqual([1, 2]);
    expect(file).toMatchObject({
      mimeType: 'image/png',
      signature: md5(big),
      sizeOriginal: big.length,
      chunksTotal: 2,
      chunksUploaded: 2,
    });
    const { bytes } = await fetchAs(admin, admin.storage.getFileDownload(BUCKET, file.$id));
    expect(bytes.equals(big)).toBe(true);
    // Stored where the server keeps files (the bucket, with S3), the parts gone.
    expect(await blobStored(server, BUCKET, file.$id)).toBe(true);
    expect(await uploadParts(server, BUCKET, file.$id)).toEqual([]);
  });

  it('resumes an interrupted upload from the chunk it reached', async () => {
    const sent: number[] = [];
    const interrupted = admin.storage.createFile(
      BUCKET,
      'resumable',
      fileOf(big, 'resume.png'),
      undefined,
      (p) => {
        sent.push(p.sizeUploaded);
        throw new Error('connection lost');
      },
    );
    await expect(interrupted).rejects.toThrow('connection lost');
    const partial = await admin.storage.getFile(BUCKET, 'resumable');
    expect(partial).toMatchObject({
      chunksTotal: 2,
      chunksUploaded: 1,
      signature: '',
      mimeType: '',
    });
    // Not yet viewable: only complete files have bytes.
    const early = await fetchAs(admin, admin.storage.getFileView(BUCKET, 'resumable'));
    expect(early.res.status).toBe(404);

    const file = await admin.storage.createFile(
      BUCKET,
      'resumable',
      fileOf(big, 'resume.png'),
      undefined,
      (p) => sent.push(p.sizeUploaded),
    );
    expect(sent).toEqual([0, CHUNK]); // the second call sent only the second chunk
    expect(file).toMatchObject({ chunksUploaded: 2, signature: md5(big) });
    const { bytes } = await fetchAs(admin, admin.storage.getFileView(BUCKET, 'resumable'));
    expect(bytes.equals(big)).toBe(true);
    // Resuming a finished upload sends nothing: the SDK sees every chunk is there.
    const again: number[] = [];
    const same = await admin.storage.createFile(
      BUCKET,
      'resumable',
      fileOf(big, 'again.png'),
      undefined,
      (p) => again.push(p.sizeUploaded),
    );
    expect(again).toEqual([]);
    expect(same).toEqual(file);
  });

  it('refuses a wrong type on the first chunk and an over-limit total up front', async () => {
    const fake = Buffer.concat([Buffer.from('<html>'), Buffer.alloc(CHUNK + 10, 32)]);
    await expectError(admin.storage.createFile(BUCKET, 'unique()', fileOf(fake, 'x.png')), {
      code: 400,
      type: 'storage_file_type_unsupported',
    });
    const huge = Buffer.alloc(11 * 1024 * 1024);
    big.copy(huge);
    await expectError(admin.storage.createFile(BUCKET, 'unique()', fileOf(huge, 'h.png')), {
      code: 400,
      type: 'storage_invalid_file_size',
    });
    expect((await admin.storage.listFiles(BUCKET)).total).toBe(2);
  });

  it('deleting a partial upload drops its parts', async () => {
    await expect(
      admin.storage.createFile(BUCKET, 'abandoned', fileOf(big, 'a.png'), undefined, () => {
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await uploadParts(server, BUCKET, 'abandoned')).toEqual(['0']);
    await admin.storage.deleteFile(BUCKET, 'abandoned');
    expect(await uploadParts(server, BUCKET, 'abandoned')).toEqual([]);
    await expectError(admin.storage.getFile(BUCKET, 'abandoned'), {
      code: 404,
      type: 'storage_file_not_found',
    });
  });
});

/** One chunk as a client other than the SDK may send it, to the `tiny` bucket (any type). */
async function sendChunk(
  user: SdkUser,
  id: string,
  bytes: Buffer,
  range: string,
  o: { name?: string; permissions?: string[] } = {},
) {
  const form = new FormData();
  form.append('fileId', id);
  for (const p of o.permissions ?? []) form.append('permissions[]', p);
  form.append('file', fileOf(bytes, o.name ?? 'data.bin'));
  return rawUpload(server, user, 'tiny', form, { 'content-range': range, 'x-appwrite-id': id });
}

describe('chunks that do not fit together', () => {
  const data = randomBytes(1000);
  const part = (start: number, end: number) => data.subarray(start, Math.min(end, 999) + 1);
  const invalid = { status: 400, body: { type: 'storage_invalid_content_range' } };

  it('refuses a chunk off the grid the first chunk set, and one of another length', async () => {
    const user = await signedInUser(server);
    expect(await sendChunk(user, 'grid', part(0, 99), 'bytes 0-99/1000')).toMatchObject({
      status: 201,
      body: { chunksTotal: 10, chunksUploaded: 1, signature: '' },
    });
    // Before: 500-500 made chunk 500 of 1000 and 0-499 overwrote chunk 0; the assembly then
    // read a missing part (500 general_unknown).
    expect(await sendChunk(user, 'grid', part(500, 500), 'bytes 500-500/1000')).toMatchObject(
      invalid,
    );
    expect(await sendChunk(user, 'grid', part(0, 499), 'bytes 0-499/1000')).toMatchObject(invalid);
    expect(await sendChunk(user, 'grid', part(150, 249), 'bytes 150-249/1000')).toMatchObject(
      invalid,
    );
    // A last chunk that is not the grid's last, and a total that changed.
    expect(await sendChunk(user, 'grid', part(500, 999), 'bytes 500-999/1000')).toMatchObject(
      invalid,
    );
    expect(await sendChunk(user, 'grid', part(100, 199), 'bytes 100-199/2000')).toMatchObject(
      invalid,
    );
    expect(await user.storage.getFile('tiny', 'grid')).toMatchObject({
      chunksTotal: 10,
      chunksUploaded: 1,
    });
    // The right chunks, in any order, make the file.
    const order = [900, 100, 200, 300, 400, 500, 600, 700, 800];
    for (const [i, start] of order.entries()) {
      const { status, body } = await sendChunk(
        user,
        'grid',
        part(start, start + 99),
        `bytes ${start}-${start + 99}/1000`,
      );
      expect(status).toBe(201);
      // Never complete without its bytes: the count reaches the total only once assembled.
      expect(body).toMatchObject({ chunksUploaded: i + 2, chunksTotal: 10 });
      if (i < order.length - 1) expect(body.signature).toBe('');
    }
    const file = await user.storage.getFile('tiny', 'grid');
    expect(file).toMatchObject({ chunksUploaded: 10, signature: md5(data), sizeOriginal: 1000 });
    const { bytes } = await fetchAs(user, user.storage.getFileDownload('tiny', 'grid'));
    expect(bytes.equals(data)).toBe(true);
    expect(await uploadParts(server, 'tiny', 'grid')).toEqual([]);
  });

  it('never makes a complete file of scattered one-byte chunks', async () => {
    const user = await signedInUser(server);
    expect((await sendChunk(user, 'scatter', part(0, 99), 'bytes 0-99/1000')).status).toBe(201);
    for (let at = 500; at <= 508; at++) {
      const res = await sendChunk(user, 'scatter', part(at, at), `bytes ${at}-${at}/1000`);
      expect(res, `chunk at ${at}`).toMatchObject(invalid);
    }
    expect(await user.storage.getFile('tiny', 'scatter')).toMatchObject({
      chunksUploaded: 1,
      chunksTotal: 10,
      signature: '',
      mimeType: '',
    });
    // Not a file yet, so the id is not taken by an empty one.
    const view = await fetchAs(user, user.storage.getFileView('tiny', 'scatter'));
    expect(view.res.status).toBe(404);
  });

  it('takes end == size as the last byte, as the reference does', async () => {
    const user = await signedInUser(server);
    const whole = await sendChunk(user, 'inclusive', data, 'bytes 0-1000/1000');
    expect(whole).toMatchObject({ status: 201, body: { chunksTotal: 1, chunksUploaded: 1 } });
    expect(whole.body.signature).toBe(md5(data));
    await sendChunk(user, 'two-part', part(0, 499), 'bytes 0-499/1000');
    const last = await sendChunk(user, 'two-part', part(500, 999), 'bytes 500-1000/1000');
    expect(last).toMatchObject({ status: 201, body: { chunksUploaded: 2, signature: md5(data) } });
    // One byte too many for the range is still refused.
    expect(
      await sendChunk(
        user,
        'too-long',
        Buffer.concat([data, data.subarray(0, 1)]),
        'bytes 0-1000/1000',
      ),
    ).toMatchObject(invalid);
  });

  it("keeps the first chunk's name and takes the completing chunk's permissions", async () => {
    const user = await signedInUser(server);
    const me = `user:${user.me.$id}`;
    const first = await sendChunk(user, 'perms', part(0, 499), 'bytes 0-499/1000', {
      name: 'first.bin',
      permissions: [`read("${me}")`],
    });
    expect(first.body).toMatchObject({ name: 'first.bin', $permissions: [`read("${me}")`] });
    const done = await sendChunk(user, 'perms', part(500, 999), 'bytes 500-999/1000', {
      name: 'second.bin',
      permissions: ['read("any")', `delete("${me}")`],
    });
    expect(done.body).toMatchObject({
      name: 'first.bin',
      $permissions: ['read("any")', `delete("${me}")`],
      chunksUploaded: 2,
    });
    const guest = await fetchAs(null, user.storage.getFileView('tiny', 'perms'));
    expect(guest.res.status).toBe(200);
  });
});

describe('abandoned uploads', () => {
  it('are swept a day after their last chunk', async () => {
    const clock = manualClock(new Date());
    const own = await startStorageServer({ clock });
    try {
      const owner = await adminUser(own);
      await expect(
        owner.storage.createFile(BUCKET, 'left-behind', fileOf(big, 'a.png'), undefined, () => {
          throw new Error('gone');
        }),
      ).rejects.toThrow('gone');
      expect((await owner.storage.getFile(BUCKET, 'left-behind')).chunksUploaded).toBe(1);
      expect(await uploadParts(own, BUCKET, 'left-behind')).toEqual(['0']);
      clock.advance(25 * 3600 * 1000);
      await owner.storage.createFile(BUCKET, 'unique()', fileOf(await imageBytes(4, 4), 'n.png'));
      await expectError(owner.storage.getFile(BUCKET, 'left-behind'), {
        code: 404,
        type: 'storage_file_not_found',
      });
      expect(await uploadParts(own, BUCKET, 'left-behind')).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it('take along what a crash left: parts of finished or unknown files, old temp files', async () => {
    const clock = manualClock(new Date());
    const own = await startStorageServer({ clock });
    try {
      const owner = await adminUser(own);
      const done = await owner.storage.createFile(
        BUCKET,
        'done',
        fileOf(await imageBytes(4, 4), 'd.png'),
      );
      const storage = join(own.dataDir, 'storage');
      const leftovers = [
        join(storage, 'uploads', BUCKET, done.$id),
        join(storage, 'uploads', BUCKET, 'ghost'),
      ];
      for (const dir of leftovers) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, '0'), 'part');
      }
      mkdirSync(join(storage, 'tmp'), { recursive: true });
      writeFileSync(join(storage, 'tmp', 'stale-upload'), 'half');
      clock.advance(25 * 3600 * 1000);
      await owner.storage.createFile(BUCKET, 'unique()', fileOf(await imageBytes(4, 4), 'n.png'));
      for (const dir of leftovers) expect(existsSync(dir), dir).toBe(false);
      expect(readdirSync(join(storage, 'tmp'))).toEqual([]);
      expect((await owner.storage.getFile(BUCKET, done.$id)).signature).not.toBe('');
    } finally {
      await own.close();
    }
  });
});
