import { Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labTwins } from '../support/lab-twins.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import type { ServerProcess } from '../support/server-process.js';
import type { TestServer } from '../support/server.js';

/**
 * Answers everyone may read are kept between writes (modules/databases/documents/read-cache.ts): a list or
 * a document asked for again comes from memory, yet whatever writes, through this process or
 * another one on the same database, the next read sees it; and an answer that depends on who
 * asks (document permissions) is never served from what another caller was given.
 */
let lab: Awaited<ReturnType<typeof labTwins>>;
let server: TestServer;
let twin: ServerProcess;
let user: Awaited<ReturnType<typeof labTwins>>['user'];
beforeAll(async () => {
  lab = await labTwins();
  ({ server, twin, user } = lab);
  for (let i = 0; i < 4; i++) {
    await user.databases.createDocument('lab', 'items', `c${i}`, { title: `Kept ${i}`, n: i });
  }
});
afterAll(() => lab.close());

const newest = (on: Pick<TestServer, 'endpoint'>) =>
  sdkUser(on).databases.listDocuments('lab', 'items', [
    Query.orderDesc('$createdAt'),
    Query.limit(2),
  ]);
const titles = (list: Awaited<ReturnType<typeof newest>>) => list.documents.map((d) => d.title);

describe('answers kept between writes', () => {
  it('give the same bytes again, then follow writes made here or by another process', async () => {
    const first = await newest(server);
    expect(titles(first)).toEqual(['Kept 3', 'Kept 2']);
    expect(await newest(server)).toEqual(first);

    const other = sdkUser(twin);
    await other.account.createEmailSession(user.email, user.password);
    await other.databases.createDocument('lab', 'items', 'c4', { title: 'Kept 4', n: 4 });
    expect(titles(await newest(server))).toEqual(['Kept 4', 'Kept 3']);

    await other.databases.updateDocument('lab', 'items', 'c3', { title: 'Kept 3, renamed' });
    expect(titles(await newest(server))).toEqual(['Kept 4', 'Kept 3, renamed']);
    const one = await sdkUser(server).databases.getDocument('lab', 'items', 'c3');
    expect(one.title).toBe('Kept 3, renamed');

    await user.databases.deleteDocument('lab', 'items', 'c4');
    expect(titles(await newest(twin))).toEqual(['Kept 3, renamed', 'Kept 2']);
    await expect(sdkUser(server).databases.getDocument('lab', 'items', 'c4')).rejects.toThrow(
      /could not be found/,
    );
  });

  it('keep apart lists that differ in any query, and keep no refusal', async () => {
    const guest = sdkUser(server).databases;
    const all = await guest.listDocuments('lab', 'items', [Query.limit(10)]);
    const small = await guest.listDocuments('lab', 'items', [
      Query.limit(10),
      Query.lessThan('n', 2),
    ]);
    expect(all.total).toBeGreaterThan(small.total);
    const picked = await guest.listDocuments('lab', 'items', [Query.select(['title'])]);
    expect(Object.keys(picked.documents[0]!).sort()).toEqual(
      ['$collectionId', '$databaseId', 'title'].sort(),
    );
    const wrong = [Query.equal('nope', ['x'])];
    await expect(guest.listDocuments('lab', 'items', wrong)).rejects.toThrow(/nope/);
    await expect(guest.listDocuments('lab', 'items', wrong)).rejects.toThrow(/nope/);
  });

  it('never hand one caller what document permissions let another read', async () => {
    const owner = await signedInUser(server);
    const stranger = await signedInUser(server);
    await owner.databases.createDocument('lab', 'notes', 'private-note', { body: 'mine' }, [
      Permission.read(Role.user(owner.me.$id)),
    ]);
    const mine = await owner.databases.listDocuments('lab', 'notes');
    expect(mine.documents.map((d) => d.body)).toEqual(['mine']);
    expect((await owner.databases.getDocument('lab', 'notes', 'private-note')).body).toBe('mine');
    const theirs = await stranger.databases.listDocuments('lab', 'notes');
    expect(theirs.total).toBe(0);
    await expect(stranger.databases.getDocument('lab', 'notes', 'private-note')).rejects.toThrow(
      /could not be found/,
    );
  });
});
