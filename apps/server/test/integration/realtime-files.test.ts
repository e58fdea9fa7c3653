import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNothingBefore, listeners } from '../support/realtime.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import { BUCKET, fileOf, imageBytes, storageWithOwner } from '../support/storage.js';

/** File events through the storage module, received with the SDK's `client.subscribe`. */
let server: TestServer;
let admin: SdkUser;
let png: Buffer;
const { listen, close } = listeners();

beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
  png = await imageBytes(8, 8);
});
afterAll(async () => {
  close();
  await server.close();
});

const about = (id: string) => (e: { payload: unknown }) =>
  (e.payload as { $id?: string }).$id === id;
const action = (id: string, verb: string) => (e: { payload: unknown; events: string[] }) =>
  about(id)(e) && e.events.includes(`buckets.*.files.*.${verb}`);

describe('realtime: files', () => {
  it("a visitor sees the shop's product images come, change and go", async () => {
    const visitor = await listen(sdkUser(server), [`buckets.${BUCKET}.files`]);
    const file = await admin.storage.createFile(BUCKET, 'unique()', fileOf(png, 'shoe.png'));
    const created = await visitor.next(action(file.$id, 'create'));
    expect(created.channels).toEqual([
      'files',
      `buckets.${BUCKET}.files`,
      `buckets.${BUCKET}.files.${file.$id}`,
    ]);
    expect(created.events).toContain(`buckets.${BUCKET}.files.${file.$id}.create`);
    expect(created.payload).toMatchObject({ name: 'shoe.png', bucketId: BUCKET });

    await admin.storage.updateFile(BUCKET, file.$id, 'side.png');
    expect((await visitor.next(action(file.$id, 'update'))).payload).toMatchObject({
      name: 'side.png',
    });
    await admin.storage.deleteFile(BUCKET, file.$id);
    await visitor.next(action(file.$id, 'delete'));
  });

  it("a file only its owner may read reaches the owner's socket, not another user's", async () => {
    const owner = await signedInUser(server, 'Owner Of File');
    const other = await signedInUser(server, 'Someone Else');
    const ownerSub = await listen(owner, ['files']);
    const otherSub = await listen(other, ['files']);
    // The `tiny` bucket has fileSecurity and no bucket-wide read: the creator alone reads it.
    const mine = await owner.storage.createFile(
      'tiny',
      'unique()',
      fileOf(Buffer.from('hi'), 'a.txt'),
    );
    await ownerSub.next(action(mine.$id, 'create'));
    const marker = await admin.storage.createFile(BUCKET, 'unique()', fileOf(png, 'm.png'));
    await expectNothingBefore(otherSub, about(marker.$id), about(mine.$id));
  });
});
