import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Queries on the system fields $id, $createdAt and $updatedAt (docs/protocol.md §5.1, 4.9):
 * filters, orders and cursors over them, and select. Creation times are set by a test clock and do
 * not follow insertion order, so the orders below are the times', not the rows'.
 */
const clock = manualClock(new Date('2024-05-01T10:00:00.000Z'));
const T = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, '0')}:00.000+00:00`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock, env: { SCHEMA_FILE: labSchemaFile() } });
  const user = await signedInUser(server);
  // Inserted s1..s5; created at minutes 30, 10, 20, 20, 40.
  for (const [id, minute] of [
    ['s1', 30],
    ['s2', 10],
    ['s3', 20],
    ['s4', 20],
    ['s5', 40],
  ] as const) {
    clock.set(new Date(T(minute)));
    await user.databases.createDocument('lab', 'items', id, { title: `Item ${id}`, n: 1 });
  }
  clock.set(new Date(T(50)));
  await user.databases.updateDocument('lab', 'items', 's2', { n: 2 });
});
afterAll(() => server.close());

async function ids(queries: string[]) {
  const list = await sdkUser(server).databases.listDocuments('lab', 'items', queries);
  return list.documents.map((d) => d.$id);
}

describe('system fields', () => {
  it('order by $createdAt both ways; equal times keep insertion order', async () => {
    expect(await ids([Query.orderAsc('$createdAt')])).toEqual(['s2', 's3', 's4', 's1', 's5']);
    expect(await ids([Query.orderDesc('$createdAt')])).toEqual(['s5', 's1', 's4', 's3', 's2']);
    expect(await ids([Query.orderDesc('$updatedAt')])).toEqual(['s2', 's5', 's1', 's4', 's3']);
    expect(await ids([Query.orderAsc('$id')])).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(await ids([Query.orderDesc('$id'), Query.limit(2)])).toEqual(['s5', 's4']);
  });

  it('cursors over a $createdAt order, in both directions and across equal times', async () => {
    const asc = Query.orderAsc('$createdAt');
    const desc = Query.orderDesc('$createdAt');
    expect(await ids([asc, Query.cursorAfter('s3'), Query.limit(2)])).toEqual(['s4', 's1']);
    expect(await ids([asc, Query.cursorBefore('s1')])).toEqual(['s2', 's3', 's4']);
    expect(await ids([asc, Query.cursorAfter('s5')])).toEqual([]);
    expect(await ids([desc, Query.cursorAfter('s4')])).toEqual(['s3', 's2']);
    expect(await ids([desc, Query.cursorBefore('s3'), Query.limit(1)])).toEqual(['s4']);
    expect(await ids([desc, Query.cursorBefore('s5')])).toEqual([]);
  });

  it('between, notEqual, comparisons and null tests on $createdAt and $updatedAt', async () => {
    expect(await ids([Query.between('$createdAt', T(15), T(30))])).toEqual(['s1', 's3', 's4']);
    expect(await ids([Query.notEqual('$createdAt', T(20))])).toEqual(['s1', 's2', 's5']);
    expect(await ids([Query.equal('$createdAt', [T(10), T(40)])])).toEqual(['s2', 's5']);
    expect(await ids([Query.greaterThan('$updatedAt', T(40))])).toEqual(['s2']);
    expect(await ids([Query.lessThanEqual('$createdAt', '2024-05-01 10:20:00')])).toEqual([
      's2',
      's3',
      's4',
    ]);
    expect(await ids([Query.isNull('$createdAt')])).toEqual([]);
    expect(await ids([Query.isNotNull('$updatedAt')])).toHaveLength(5);
  });

  it('startsWith, endsWith, notEqual, between and null tests on $id', async () => {
    expect(await ids([Query.startsWith('$id', 's')])).toHaveLength(5);
    expect(await ids([Query.startsWith('$id', 'S')])).toEqual([]);
    expect(await ids([Query.endsWith('$id', '3')])).toEqual(['s3']);
    expect(await ids([Query.notEqual('$id', 's1')])).toEqual(['s2', 's3', 's4', 's5']);
    expect(await ids([Query.between('$id', 's2', 's4')])).toEqual(['s2', 's3', 's4']);
    expect(await ids([Query.isNull('$id')])).toEqual([]);
  });

  it('select of system fields returns them and nothing else', async () => {
    const db = sdkUser(server).databases;
    const list = await db.listDocuments('lab', 'items', [
      Query.select(['$id', '$createdAt']),
      Query.orderAsc('$createdAt'),
      Query.limit(1),
    ]);
    expect(list.documents).toEqual([
      { $id: 's2', $createdAt: T(10), $databaseId: 'lab', $collectionId: 'items' },
    ]);
    const one = await db.getDocument('lab', 'items', 's2', [
      Query.select(['title', '$updatedAt', '$permissions']),
    ]);
    expect(one).toEqual({
      title: 'Item s2',
      $updatedAt: T(50),
      $permissions: expect.any(Array),
      $databaseId: 'lab',
      $collectionId: 'items',
    });
  });
});
