import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/tools/events.js';
import { expectError } from '../support/expect-error.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';
import {
  blobStored,
  BUCKET,
  fetchAs,
  fileOf,
  imageBytes,
  storageWithOwner,
} from '../support/storage.js';

let server: TestServer;
let admin: SdkUser;
const seen: ServerEvent[] = [];
beforeAll(async () => {
  ({ server, admin } = await storageWithOwner());
  server.app.events.subscribe((e) => seen.push(e));
  for (const [id, name] of [
    ['red-jordan', 'Red Jordan 1.png'],
    ['blue-kobe', 'Blue Kobe 6.png'],
    ['red-lebron', 'Red LeBron 20.png'],
  ] as const) {
    await admin.storage.createFile(BUCKET, id, fileOf(await imageBytes(20, 10), name));
  }
});
afterAll(() => server.close());

describe('list', () => {
  it('lists in insertion order with total, to guests too (bucket read any)', async () => {
    const list = await sdkUser(server).storage.listFiles(BUCKET);
    expect(list.total).toBe(3);
    expect(list.files.map((f) => f.$id)).toEqual(['red-jordan', 'blue-kobe', 'red-lebron']);
  });

  it('searches names by word prefix, case-insensitively', async () => {
    const list = await admin.storage.listFiles(BUCKET, undefined, 'red');
    expect(list.files.map((f) => f.$id).sort()).toEqual(['red-jordan', 'red-lebron']);
    expect((await admin.storage.listFiles(BUCKET, undefined, 'lebr')).total).toBe(1);
  });

  it('filters, orders, pages and walks cursors', async () => {
    const s = admin.storage;
    const byName = await s.listFiles(BUCKET, [Query.orderDesc('name'), Query.limit(2)]);
    expect(byName.files.map((f) => f.name)).toEqual(['Red LeBron 20.png', 'Red Jordan 1.png']);
    expect(byName.total).toBe(3);
    const after = await s.listFiles(BUCKET, [Query.cursorAfter('red-jordan')]);
    expect(after.files.map((f) => f.$id)).toEqual(['blue-kobe', 'red-lebron']);
    const before = await s.listFiles(BUCKET, [Query.cursorBefore('red-lebron'), Query.limit(1)]);
    expect(before.files.map((f) => f.$id)).toEqual(['blue-kobe']);
    const eq = await s.listFiles(BUCKET, [Query.equal('$id', ['blue-kobe', 'red-jordan'])]);
    expect(eq.total).toBe(2);
    const png = await s.listFiles(BUCKET, [
      Query.equal('mimeType', 'image/png'),
      Query.greaterThan('sizeOriginal', 0),
      Query.offset(2),
    ]);
    expect(png.files.map((f) => f.$id)).toEqual(['red-lebron']);
    expect((await s.listFiles(BUCKET, [Query.startsWith('name', 'Blue')])).total).toBe(1);
    expect((await s.listFiles(BUCKET, [Query.startsWith('name', 'blue')])).total).toBe(0);
    const ends = await s.listFiles(BUCKET, [Query.endsWith('name', '20.png')]);
    expect(ends.files.map((f) => f.$id)).toEqual(['red-lebron']);
  });

  it('explains bad queries', async () => {
    const s = admin.storage;
    await expectError(s.listFiles(BUCKET, [Query.equal('colour', 'red')]), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid query: Attribute not found in schema: colour',
    });
    await expectError(s.listFiles(BUCKET, [Query.equal('sizeOriginal', '12')]), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid query: Query type does not match expected: integer',
    });
    await expectError(s.listFiles(BUCKET, [Query.search('sizeOriginal', '1')]), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Searching by attribute "sizeOriginal" requires a fulltext index.',
    });
    await expectError(s.listFiles(BUCKET, [Query.offset(1e20)]), {
      code: 400,
      type: 'general_argument_invalid',
    });
    await expectError(s.listFiles(BUCKET, ['nonsense']), {
      code: 400,
      type: 'general_argument_invalid',
    });
    await expectError(s.listFiles(BUCKET, [Query.cursorAfter('ghost')]), {
      code: 400,
      type: 'general_cursor_not_found',
      message: "File 'ghost' for the 'cursor' value not found.",
    });
  });
});

describe('update and delete', () => {
  it('renames and re-permissions as admin, and publishes the change', async () => {
    seen.length = 0;
    const updated = await admin.storage.updateFile(BUCKET, 'blue-kobe', 'Kobe 6 Protro.png', [
      Permission.read(Role.any()),
      Permission.write(Role.label('admin')),
    ]);
    expect(updated.name).toBe('Kobe 6 Protro.png');
    expect(updated.$permissions).toEqual([
      'read("any")',
      'update("label:admin")',
      'delete("label:admin")',
    ]);
    const event = seen.find((e) => e.events.includes(`buckets.${BUCKET}.files.blue-kobe.update`));
    expect(event).toMatchObject({
      channels: ['files', `buckets.${BUCKET}.files`, `buckets.${BUCKET}.files.blue-kobe`],
      payload: updated,
      audience: ['any'],
    });
    expect(event?.events).toContain('buckets.*.files.*');
  });

  it('refuses changes from non-admins', async () => {
    const user = await signedInUser(server);
    await expectError(user.storage.updateFile(BUCKET, 'red-jordan', 'mine.png'), {
      code: 401,
      type: 'user_unauthorized',
    });
    await expectError(user.storage.deleteFile(BUCKET, 'red-jordan'), {
      code: 401,
      type: 'user_unauthorized',
    });
    await expectError(admin.storage.updateFile(BUCKET, 'red-jordan', ''), {
      code: 400,
      type: 'general_argument_invalid',
    });
  });

  it('deletes the record and the bytes, and publishes it', async () => {
    seen.length = 0;
    const view = admin.storage.getFileView(BUCKET, 'red-lebron');
    expect((await fetchAs(admin, view)).res.status).toBe(200);
    const preview = await fetchAs(admin, admin.storage.getFilePreview(BUCKET, 'red-lebron', 8));
    expect(preview.res.status).toBe(200);
    const stored = async () => [
      await blobStored(server, BUCKET, 'red-lebron'),
      existsSync(join(server.dataDir, 'storage', 'previews', BUCKET, 'red-lebron')),
    ];
    expect(await stored()).toEqual([true, true]);
    await admin.storage.deleteFile(BUCKET, 'red-lebron');
    expect(await stored()).toEqual([false, false]);
    expect((await fetchAs(admin, view)).res.status).toBe(404);
    await expectError(admin.storage.getFile(BUCKET, 'red-lebron'), {
      code: 404,
      type: 'storage_file_not_found',
    });
    expect(seen.map((e) => e.events[0])).toEqual([`buckets.${BUCKET}.files.red-lebron.delete`]);
  });
});

describe('file security (the tiny test bucket: users create, files carry their own rights)', () => {
  it('shows a file only to the roles it names', async () => {
    const alice = await signedInUser(server);
    const bob = await signedInUser(server);
    const mine = await alice.storage.createFile(
      'tiny',
      'unique()',
      fileOf(Buffer.from('hi'), 'a.txt'),
    );
    seen.length = 0;
    await alice.storage.updateFile('tiny', mine.$id, 'b.txt');
    expect(seen[0]?.audience).toEqual([`user:${alice.me.$id}`]);
    expect((await alice.storage.listFiles('tiny')).total).toBe(1);
    expect((await bob.storage.listFiles('tiny')).total).toBe(0);
    await expectError(bob.storage.getFile('tiny', mine.$id), {
      code: 404,
      type: 'storage_file_not_found',
    });
    await expectError(bob.storage.deleteFile('tiny', mine.$id), {
      code: 401,
      type: 'user_unauthorized',
    });
    // A cursor on a file Bob may not read is one that does not exist: its name never shows.
    for (const cursor of [Query.cursorAfter(mine.$id), Query.cursorBefore(mine.$id)]) {
      await expectError(bob.storage.listFiles('tiny', [cursor, Query.orderAsc('name')]), {
        code: 400,
        type: 'general_cursor_not_found',
        message: `File '${mine.$id}' for the 'cursor' value not found.`,
      });
    }
    expect((await alice.storage.listFiles('tiny', [Query.cursorAfter(mine.$id)])).total).toBe(1);
    const own = await fetchAs(alice, alice.storage.getFilePreview('tiny', mine.$id, 20));
    expect(own.res.status).toBe(200);
    expect(own.res.headers.get('cache-control')).toBe('private, max-age=2592000');
    const other = await fetchAs(bob, bob.storage.getFilePreview('tiny', mine.$id, 20));
    expect(other.res.status).toBe(404);
    await alice.storage.deleteFile('tiny', mine.$id);
  });
  it('sees a permission change at once, though readers reuse recent records', async () => {
    const alice = await signedInUser(server);
    const bob = await signedInUser(server);
    const file = await alice.storage.createFile(
      'tiny',
      'unique()',
      fileOf(Buffer.from('x'), 'x.txt'),
    );
    const preview = (u: SdkUser) => fetchAs(u, u.storage.getFilePreview('tiny', file.$id, 20));
    const mine = [
      Permission.read(Role.user(alice.me.$id)),
      Permission.write(Role.user(alice.me.$id)),
    ];
    expect((await preview(alice)).res.status).toBe(200); // the record is now remembered
    expect((await preview(bob)).res.status).toBe(404);
    await alice.storage.updateFile('tiny', file.$id, undefined, [
      ...mine,
      Permission.read(Role.users()),
    ]);
    expect((await preview(bob)).res.status).toBe(200);
    await alice.storage.updateFile('tiny', file.$id, undefined, mine);
    expect((await preview(bob)).res.status).toBe(404);
    await alice.storage.deleteFile('tiny', file.$id);
    expect((await preview(alice)).res.status).toBe(404);
  });
});

describe('StorageService (system access)', () => {
  it('creates, gets and deletes with the bucket rules holding', async () => {
    const svc = server.app.storage;
    const bytes = await imageBytes(12, 12, 'webp');
    const file = await svc.createFile(BUCKET, 'seeded', 'seed.webp', bytes, ['read("any")']);
    expect(file).toMatchObject({
      $id: 'seeded',
      mimeType: 'image/webp',
      sizeOriginal: bytes.length,
    });
    expect(await svc.getFile(BUCKET, 'seeded')).toEqual(file);
    await expect(
      svc.createFile(BUCKET, 'bad', 'x.jpg', Buffer.from('<html>')),
    ).rejects.toMatchObject({
      type: 'storage_file_type_unsupported',
    });
    expect(await svc.deleteFile(BUCKET, 'seeded')).toBe(true);
    expect(await svc.deleteFile(BUCKET, 'seeded')).toBe(false);
    expect(await svc.getFile(BUCKET, 'seeded')).toBeNull();
  });
});
