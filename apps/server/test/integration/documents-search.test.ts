import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A search ordered by another indexed attribute, when most documents match (SQLite then walks
 * that index instead of sorting every match): the same pages, totals and cursors as when few
 * match, in both directions, with other filters.
 */
let server: TestServer;
const n = (i: number) => (i * 7) % 40; // 0..39 in a shuffled order, each once
beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  const user = await signedInUser(server);
  for (let i = 0; i < 40; i++) {
    const title = i % 10 === 9 ? `Other ${i}` : `Walker ${i} Café`;
    await user.databases.createDocument('lab', 'items', `w${i}`, {
      title,
      n: n(i),
      kind: i % 2 ? 'a' : 'b',
    });
  }
});
afterAll(() => server.close());

const list = (queries: string[]) =>
  sdkUser(server).databases.listDocuments('lab', 'items', queries);
const matching = (pred: (i: number) => boolean) =>
  Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 10 !== 9 && pred(i));

describe('search ordered by an indexed attribute', () => {
  it('pages in that order with the right total, in both directions', async () => {
    const all = matching(() => true);
    const desc = [...all].sort((a, b) => n(b) - n(a)).map((i) => `w${i}`);
    const asc = [...desc].reverse();
    const first = await list([
      Query.search('title', 'walker'),
      Query.orderDesc('n'),
      Query.limit(5),
    ]);
    expect(first.total).toBe(36);
    expect(first.documents.map((d) => d.$id)).toEqual(desc.slice(0, 5));
    const next = await list([
      Query.search('title', 'cafe'),
      Query.orderDesc('n'),
      Query.cursorAfter(desc[4]!),
      Query.limit(5),
    ]);
    expect(next.documents.map((d) => d.$id)).toEqual(desc.slice(5, 10));
    const back = await list([
      Query.search('title', 'walker'),
      Query.orderDesc('n'),
      Query.cursorBefore(desc[10]!),
      Query.limit(3),
    ]);
    expect(back.documents.map((d) => d.$id)).toEqual(desc.slice(7, 10));
    const up = await list([Query.search('title', 'walk'), Query.orderAsc('n'), Query.limit(36)]);
    expect(up.documents.map((d) => d.$id)).toEqual(asc);
    const last = await list([
      Query.search('title', 'walker'),
      Query.orderDesc('n'),
      Query.cursorAfter(desc[33]!),
      Query.limit(5),
    ]);
    expect(last.documents.map((d) => d.$id)).toEqual(desc.slice(34));
  });

  it('orders few matches the same way', async () => {
    const others = [9, 19, 29, 39].sort((a, b) => n(b) - n(a)).map((i) => `w${i}`);
    const page = await list([Query.search('title', 'other'), Query.orderDesc('n')]);
    expect([page.total, page.documents.map((d) => d.$id)]).toEqual([4, others]);
  });

  it('keeps other filters and offsets', async () => {
    const odd = matching((i) => i % 2 === 1)
      .sort((a, b) => n(b) - n(a))
      .map((i) => `w${i}`);
    const page = await list([
      Query.search('title', 'walker'),
      Query.equal('kind', 'a'),
      Query.orderDesc('n'),
      Query.offset(2),
      Query.limit(4),
    ]);
    expect(page.total).toBe(odd.length);
    expect(page.documents.map((d) => d.$id)).toEqual(odd.slice(2, 6));
  });
});

describe('the fulltext index after updates', () => {
  it('follows a new title, and keeps a document whose other attributes change', async () => {
    const user = await signedInUser(server);
    await user.databases.createDocument('lab', 'items', 'renamed', { title: 'Zebra stripe' });
    const ids = async (word: string) =>
      (await list([Query.search('title', word)])).documents.map((d) => d.$id);
    expect(await ids('zebra')).toEqual(['renamed']);
    await user.databases.updateDocument('lab', 'items', 'renamed', { n: 5, kind: 'a' });
    expect(await ids('zebra')).toEqual(['renamed']);
    await user.databases.updateDocument('lab', 'items', 'renamed', { title: 'Okapi stripe' });
    expect(await ids('zebra')).toEqual([]);
    expect(await ids('okapi')).toEqual(['renamed']);
    expect(await ids('stripe')).toEqual(['renamed']);
    await user.databases.deleteDocument('lab', 'items', 'renamed');
    expect(await ids('okapi')).toEqual([]);
  });
});
