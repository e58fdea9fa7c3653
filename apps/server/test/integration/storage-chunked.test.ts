import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { expectError } from '../support/expect-error.js';
import type { SdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import {
  adminUser,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  noisePng,
  startStorageServer,
} from '../support/storage.js';

let server: TestServer;
let admin: SdkUser;
let big: Buffer;
beforeAll(async () => {
  server = await startStorageServer();
  admin = await adminUser(server);
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
    await admin.storage.deleteFile(BUCKET, 'abandoned');
    await expectError(admin.storage.getFile(BUCKET, 'abandoned'), {
      code: 404,
      type: 'storage_file_not_found',
    });
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
      clock.advance(25 * 3600 * 1000);
      await owner.storage.createFile(BUCKET, 'unique()', fileOf(await imageBytes(4, 4), 'n.png'));
      await expectError(owner.storage.getFile(BUCKET, 'left-behind'), {
        code: 404,
        type: 'storage_file_not_found',
      });
    } finally {
      await own.close();
    }
  });
});
