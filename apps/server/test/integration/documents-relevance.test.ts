import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A search without an order of its own comes best match first (query/relevance.ts): the titles
 * holding the searched words as a phrase, then every word, then some, each tier newest first;
 * the same matches and total as before, and cursors and offsets that walk the ranked list.
 */
let server: TestServer;
const TITLES: Record<string, string> = {
  j11: 'Jordan 11 Concord',
  aj11: 'Air Jordan 11 Retro Bred',
  kobe1: 'Nike Kobe 1 Protro',
  luka: 'Jordan Luka 2 Lake Bled',
  aj1long: 'Air Jordan 1 Retro High OG Lost and Found Chicago',
  aj1: 'Air Jordan 1 Mid Chicago',
  kyrie: 'Nike Kyrie 7 Crimson',
  kd: 'Nike KD 15 Aunt Pearl',
  dame: 'adidas Dame 8 Battle',
  curry: 'Curry Flow 9 Sour',
  mb: 'Puma MB 03 Toxic',
  wade: 'Way of Wade 10 Lunar',
};

beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  const user = await signedInUser(server);
  let i = 0;
  for (const [id, title] of Object.entries(TITLES)) {
    await user.databases.createDocument('lab', 'items', id, { title, kind: i++ % 2 ? 'a' : 'b' });
  }
});
afterAll(() => server.close());

const list = (queries: string[]) =>
  sdkUser(server).databases.listDocuments('lab', 'items', queries);
const ids = async (queries: string[]) => (await list(queries)).documents.map((d) => d.$id);

describe('search ordered by relevance', () => {
  it('puts the phrase first, then every word, then some words', async () => {
    const ranked = await list([Query.search('title', 'jordan 1')]);
    const order = ranked.documents.map((d) => d.$id);
    // Each tier newest first: the phrase, every word (as the start of a word), some words.
    expect(order).toEqual(['aj1', 'aj1long', 'aj11', 'j11', 'wade', 'kd', 'luka', 'kobe1']);
    // The same matches as in insertion order.
    const plain = await list([Query.search('title', 'jordan 1'), Query.orderAsc('')]);
    expect(ranked.total).toBe(plain.total);
    expect(new Set(order)).toEqual(new Set(plain.documents.map((d) => d.$id)));
    expect(plain.documents.map((d) => d.$id)[0]).toBe('j11');
  });

  it('ranks whole words above longer words that start with them', async () => {
    expect((await ids([Query.search('title', 'air jordan 11')]))[0]).toBe('aj11');
    const kobe = await ids([Query.search('title', 'kobe 1')]);
    expect(kobe[0]).toBe('kobe1');
  });

  it('pages through the ranked list with cursors, both ways, and with other filters', async () => {
    const all = await ids([Query.search('title', 'jordan 1'), Query.limit(100)]);
    const pages: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 10 && pages.length < all.length; n++) {
      const page: string[] = await ids([
        Query.search('title', 'jordan 1'),
        Query.limit(3),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ]);
      pages.push(...page);
      cursor = page.at(-1) ?? null;
    }
    expect(pages).toEqual(all);
    const back = await ids([
      Query.search('title', 'jordan 1'),
      Query.cursorBefore(all[4]!),
      Query.limit(2),
    ]);
    expect(back).toEqual(all.slice(2, 4));
    expect(await ids([Query.search('title', 'jordan 1'), Query.offset(3), Query.limit(3)])).toEqual(
      all.slice(3, 6),
    );
    const kindA = await ids([Query.search('title', 'jordan 1'), Query.equal('kind', 'a')]);
    const expectedA = (await list([Query.equal('kind', 'a'), Query.limit(100)])).documents
      .map((d) => d.$id)
      .filter((id) => all.includes(id));
    expect(kindA).toEqual(all.filter((id) => expectedA.includes(id)));
    // A cursor that does not match the search starts from the top.
    expect(
      await ids([Query.search('title', 'jordan 1'), Query.cursorAfter('mb'), Query.limit(2)]),
    ).toEqual(all.slice(0, 2));
  });

  it('keeps an explicit order, and a quoted phrase matches only the phrase', async () => {
    const inserted = await ids([Query.search('title', 'jordan 1'), Query.orderAsc('')]);
    const newest = await ids([Query.search('title', 'jordan 1'), Query.orderDesc('$createdAt')]);
    expect(newest).toEqual([...inserted].reverse());
    expect(newest[0]).toBe('wade');
    // The SDK does not escape the quotes of a phrase; the protocol's own escapes do.
    expect(await ids(['search("title", ["\\"jordan 1\\""])'])).toEqual(['aj1', 'aj1long']);
  });
});
