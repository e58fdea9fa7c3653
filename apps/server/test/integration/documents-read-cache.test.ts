import { Permission, Query, Role } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { useLabTwins } from '../support/lab-twins.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import type { TestServer } from '../support/server.js';

/**
 * Answers everyone may read are kept between writes (modules/databases/documents/read-cache.ts): a list or
 * a document asked for again comes from memory, yet whatever writes, through this process or
 * another one on the same database, the next read sees it; and an answer that depends on who
 * asks (document permissions) is never served from what another caller was given.
 */
const lab = useLabTwins('c', 'Kept', 4);

const newest = (on: Pick<TestServer, 'endpoint'>) =>
  sdkUser(on).databases.listDocuments('lab', 'items', [
    Query.orderDesc('$createdAt'),
    Query.limit(2),
  ]);
const titles = (list: Awaited<ReturnType<typeof newest>>) => list.documents.map((d) => d.title);

describe('answers kept between writes', () => {
  it('give the same bytes again, then follow writes made here or by another process', async () => {
    const first = await newest(lab.server);
    expect(titles(first)).toEqual(['Kept 3', 'Kept 2']);
    expect(await newest(lab.server)).toEqual(first);

    const other = sdkUser(lab.twin);
    await other.account.createEmailSession(lab.user.email, lab.user.password);
    await other.databases.createDocument('lab', 'items', 'c4', { title: 'Kept 4', n: 4 });
    expect(titles(await newest(lab.server))).toEqual(['Kept 4', 'Kept 3']);

    await other.databases.updateDocument('lab', 'items', 'c3', { title: 'Kept 3, renamed' });
    expect(titles(await newest(lab.server))).toEqual(['Kept 4', 'Kept 3, renamed']);
    const one = await sdkUser(lab.server).databases.getDocument('lab', 'items', 'c3');
    expect(one.title).toBe('Kept 3, renamed');

    await lab.user.databases.deleteDocument('lab', 'items', 'c4');
    expect(titles(await newest(lab.twin))).toEqual(['Kept 3, renamed', 'Kept 2']);
    await expect(sdkUser(lab.server).databases.getDocument('lab', 'items', 'c4')).rejects.toThrow(
      /could not be found/,
    );
  });

  it('keep apart lists that differ in any query, and keep no refusal', async () => {
    const guest = sdkUser(lab.server).databases;
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
    const owner = await signedInUser(lab.server);
    const stranger = await signedInUser(lab.server);
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

  it("keep a visitor's answer of documents readable one by one, until a write changes who reads", async () => {
    const owner = await signedInUser(lab.server);
    await owner.databases.createDocument('lab', 'notes', 'open-note', { body: 'open' }, [
      Permission.read(Role.any()),
    ]);
    const mine = [
      Permission.read(Role.user(owner.me.$id)),
      Permission.update(Role.user(owner.me.$id)),
    ];
    await owner.databases.createDocument('lab', 'notes', 'later-note', { body: 'later' }, mine);
    const visitor = () =>
      sdkUser(lab.server).databases.listDocuments('lab', 'notes', [Query.orderAsc('body')]);
    const bodies = async () => (await visitor()).documents.map((d) => d.body);
    expect(await bodies()).toEqual(['open']);
    expect(await bodies()).toEqual(['open']);
    // Opened to everyone (a draft published): the next visitor's list has it.
    await owner.databases.updateDocument('lab', 'notes', 'later-note', undefined, [
      ...mine,
      Permission.read(Role.any()),
    ]);
    expect(await bodies()).toEqual(['later', 'open']);
    // And closed again.
    await owner.databases.updateDocument('lab', 'notes', 'later-note', undefined, mine);
    expect(await bodies()).toEqual(['open']);
  });
});
