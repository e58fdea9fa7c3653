import { Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, sdkUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let user: SdkUser;
const ITEMS: Record<string, Record<string, unknown>> = {
  i1: {
    title: 'Alpha shoe',
    name: 'alpha',
    n: 1,
    f: 1.5,
    b: true,
    d: '2024-01-01',
    tags: ['red', 'blue'],
    kind: 'a',
  },
  i2: {
    title: 'Beta boot',
    name: 'Beta',
    n: 2,
    f: 2.5,
    b: false,
    d: '2024-02-01',
    tags: ['blue'],
    kind: 'b',
  },
  i3: {
    title: 'Gamma sneaker 100%',
    name: 'gam_ma',
    n: 3,
    f: 3,
    b: true,
    d: '2024-03-01',
    tags: [],
    kind: 'c',
  },
  i4: { title: 'Ünïcödé 東京 "quoted", [x]', name: null },
  i5: {
    title: 'Delta shoe, high',
    name: 'delta',
    n: -5,
    f: -0.5,
    b: false,
    d: '2024-01-01 01:00:00+02:00',
    tags: ['green'],
    kind: 'a',
  },
};

beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  user = await signedInUser(server);
  for (const [id, data] of Object.entries(ITEMS)) {
    await user.databases.createDocument('lab', 'items', id, data);
  }
});
afterAll(() => server.close());

async function ids(queries: string[]) {
  const list = await sdkUser(server).databases.listDocuments('lab', 'items', queries);
  return list.documents.map((d) => d.$id);
}
const bad = (queries: string[], message?: string | RegExp) =>
  expectError(sdkUser(server).databases.listDocuments('lab', 'items', queries), {
    code: 400,
    type: 'general_argument_invalid',
    message,
  });

describe('filters', () => {
  it('equal: one value, several values meaning OR, case-sensitive strings', async () => {
    expect(await ids([Query.equal('name', 'alpha')])).toEqual(['i1']);
    expect(await ids([Query.equal('name', ['alpha', 'Beta', 'zzz'])])).toEqual(['i1', 'i2']);
    expect(await ids([Query.equal('name', 'beta')])).toEqual([]);
    expect(await ids([Query.equal('n', [1, 3])])).toEqual(['i1', 'i3']);
    expect(await ids([Query.equal('f', 3)])).toEqual(['i3']);
    expect(await ids([Query.equal('b', true)])).toEqual(['i1', 'i3']);
    expect(await ids([Query.equal('kind', 'a')])).toEqual(['i1', 'i5']);
  });

  it('numbers and strings do not mix: wrong value types are a 400', async () => {
    await bad(
      [Query.equal('n', '1')],
      'Invalid query: Query type does not match expected: integer',
    );
    await bad(
      [Query.equal('name', 1)],
      'Invalid query: Query type does not match expected: string',
    );
    await bad(
      [Query.equal('n', 1.5)],
      'Invalid query: Query type does not match expected: integer',
    );
    await bad([Query.equal('b', 'true')], /does not match expected: boolean/);
    await bad([Query.equal('d', 'yesterday')], /does not match expected: datetime/);
    expect(await ids([Query.equal('f', 2.5)])).toEqual(['i2']);
  });

  it('comparisons, between, null tests', async () => {
    expect(await ids([Query.notEqual('name', 'alpha')])).toEqual(['i2', 'i3', 'i5']);
    expect(await ids([Query.lessThan('n', 2)])).toEqual(['i1', 'i5']);
    expect(await ids([Query.lessThanEqual('n', 2)])).toEqual(['i1', 'i2', 'i5']);
    expect(await ids([Query.greaterThan('f', 1.5)])).toEqual(['i2', 'i3']);
    expect(await ids([Query.greaterThanEqual('f', 1.5)])).toEqual(['i1', 'i2', 'i3']);
    expect(await ids([Query.between('n', 1, 2)])).toEqual(['i1', 'i2']);
    expect(await ids([Query.between('f', -1, 1.5)])).toEqual(['i1', 'i5']);
    expect(await ids([Query.isNull('n')])).toEqual(['i4']);
    expect(await ids([Query.isNotNull('name')])).toEqual(['i1', 'i2', 'i3', 'i5']);
    expect(await ids([Query.greaterThan('n', 0), Query.lessThan('n', 3)])).toEqual(['i1', 'i2']);
  });

  it('dates compare in UTC, on attributes and on $createdAt', async () => {
    // i5's date is 2023-12-31T23:00 UTC.
    expect(await ids([Query.lessThan('d', '2024-01-01')])).toEqual(['i5']);
    // The forms Appwrite 1.4 takes: an offset after a space, or an IANA zone name.
    expect(await ids([Query.equal('d', '2024-01-01 01:00:00+02:00')])).toEqual(['i5']);
    expect(await ids([Query.equal('d', '2023-12-31 18:00:00 America/New_York')])).toEqual(['i5']);
    expect(await ids([Query.lessThan('d', '2024-01-01 00:00:00 Asia/Karachi')])).toEqual([]);
    await bad([Query.equal('d', '2024-01-01 01:00:00 Mars/Phobos')], /datetime/);
    expect(await ids([Query.between('d', '2024-01-01', '2024-02-01T00:00:00.000+00:00')])).toEqual([
      'i1',
      'i2',
    ]);
    const all = await sdkUser(server).databases.listDocuments('lab', 'items');
    const third = all.documents[2]!;
    expect(await ids([Query.greaterThan('$createdAt', third.$createdAt)])).toEqual(['i4', 'i5']);
    expect(await ids([Query.lessThanEqual('$updatedAt', third.$updatedAt)])).toEqual([
      'i1',
      'i2',
      'i3',
    ]);
    expect(await ids([Query.equal('$id', ['i2', 'i4'])])).toEqual(['i2', 'i4']);
  });

  it('startsWith and endsWith treat % and _ literally and keep case', async () => {
    expect(await ids([Query.startsWith('title', 'Gamma')])).toEqual(['i3']);
    expect(await ids([Query.startsWith('title', 'gamma')])).toEqual([]);
    expect(await ids([Query.endsWith('title', '100%')])).toEqual(['i3']);
    expect(await ids([Query.endsWith('title', '%')])).toEqual(['i3']);
    expect(await ids([Query.startsWith('name', 'gam_')])).toEqual(['i3']);
    expect(await ids([Query.startsWith('name', 'ga_')])).toEqual([]);
    expect(await ids([Query.endsWith('name', 'a')])).toEqual(['i1', 'i2', 'i3', 'i5']);
  });

  it('search: fulltext, case-insensitive word prefixes, OR of words; needs an index', async () => {
    // Without an order of its own: best match first, newest first among equals (relevance.ts).
    expect(await ids([Query.search('title', 'shoe')])).toEqual(['i5', 'i1']);
    expect(await ids([Query.search('title', 'SNEAK')])).toEqual(['i3']);
    expect(await ids([Query.search('title', 'beta gamma')])).toEqual(['i3', 'i2']);
    expect(await ids([Query.search('title', '東京')])).toEqual(['i4']);
    expect(await ids([Query.search('title', '+-*()~')])).toEqual([]);
    // Accents are ignored on both databases: FTS5 folds them, PostgreSQL through translate().
    expect(await ids([Query.search('title', 'unicode')])).toEqual(['i4']);
    expect(await ids([Query.search('title', 'ÜNÏCÖ')])).toEqual(['i4']);
    expect(await ids([Query.search('title', 'ùnícodè')])).toEqual(['i4']);
    expect(await ids([Query.search('title', '"unicode"')])).toEqual(['i4']);
    await expectError(
      sdkUser(server).databases.listDocuments('lab', 'items', [Query.search('name', 'a')]),
      {
        code: 400,
        type: 'general_argument_invalid',
        message: 'Searching by attribute "name" requires a fulltext index.',
      },
    );
  });

  it('search combines with filters, orders, cursors and totals', async () => {
    const search = Query.search('title', 'shoe');
    expect(await ids([search, Query.orderDesc('')])).toEqual(['i5', 'i1']);
    expect(await ids([search, Query.equal('kind', 'a'), Query.orderDesc('n')])).toEqual([
      'i1',
      'i5',
    ]);
    expect(await ids([search, Query.orderDesc('n'), Query.cursorAfter('i1')])).toEqual(['i5']);
    expect(await ids([search, Query.cursorBefore('i1')])).toEqual(['i5']);
    const page = await sdkUser(server).databases.listDocuments('lab', 'items', [
      search,
      Query.limit(1),
    ]);
    expect([page.total, page.documents.length]).toEqual([2, 1]);
    const filtered = await sdkUser(server).databases.listDocuments('lab', 'items', [
      search,
      Query.equal('n', 1),
    ]);
    expect(filtered.total).toBe(1);
  });

  it('unicode and quotes in values, through escapes', async () => {
    // The SDK does not escape; the parser still keeps the quotes inside the outer pair.
    expect(await ids([Query.equal('title', 'Ünïcödé 東京 "quoted", [x]')])).toEqual(['i4']);
    expect(await ids(['equal("title", ["Ünïcödé 東京 \\"quoted\\", \\[x\\]"])'])).toEqual(['i4']);
    expect(await ids([Query.startsWith('title', 'Ünïcödé 東')])).toEqual(['i4']);
    expect(await ids(["equal('name', ['alpha'])"])).toEqual(['i1']);
  });

  it('the NUL character in a value is a 400 (PostgreSQL cannot compare it), not a 500', async () => {
    const nul = /must not contain the NUL character/;
    await bad(['equal("title", ["a\u0000"])'], nul);
    await bad([Query.equal('title', ['ok', 'a\u0000'])], nul);
    await bad([Query.startsWith('title', '\u0000')], nul);
    await bad([Query.endsWith('name', 'a\u0000')], nul);
    await bad([Query.notEqual('name', '\u0000')], nul);
    await bad(['contains("title", ["\u0000"])'], nul);
    await bad(['contains("tags", ["\u0000"])'], nul);
    await bad([Query.search('title', 'shoe\u0000')], nul);
    await bad([Query.equal('$id', ['i1\u0000'])], nul);
    await bad([Query.greaterThan('d', '2024-01-01\u0000')]);
  });

  it('arrays: equal and contains mean membership', async () => {
    expect(await ids([Query.equal('tags', 'blue')])).toEqual(['i1', 'i2']);
    expect(await ids([Query.equal('tags', ['green', 'red'])])).toEqual(['i1', 'i5']);
    expect(await ids(['contains("tags", ["red"])'])).toEqual(['i1']);
    expect(await ids(['contains("title", ["shoe,"])'])).toEqual(['i5']);
    await bad([Query.lessThan('tags', 'x')], /because it is an array/);
    await bad(['startsWith("n", [1])'], /because it is not a string/);
  });
});

describe('order, limit, offset, cursors, total', () => {
  it('orders by attributes, ties by insertion order, default insertion order', async () => {
    expect(await ids([])).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
    expect(await ids([Query.orderDesc('')])).toEqual(['i5', 'i4', 'i3', 'i2', 'i1']);
    expect(await ids([Query.orderAsc('n')])).toEqual(['i4', 'i5', 'i1', 'i2', 'i3']);
    expect(await ids([Query.orderDesc('n')])).toEqual(['i3', 'i2', 'i1', 'i5', 'i4']);
    expect(await ids([Query.orderAsc('kind'), Query.orderDesc('n')])).toEqual([
      'i4',
      'i1',
      'i5',
      'i2',
      'i3',
    ]);
  });

  it('limit and offset with bounds; total ignores them', async () => {
    const list = await sdkUser(server).databases.listDocuments('lab', 'items', [
      Query.limit(2),
      Query.offset(1),
    ]);
    expect(list.total).toBe(5);
    expect(list.documents.map((d) => d.$id)).toEqual(['i2', 'i3']);
    expect(await ids([Query.offset(5)])).toEqual([]);
    expect(await ids([Query.limit(1), Query.limit(3)])).toEqual(['i1']);
    await bad([Query.limit(0)], /Invalid limit: Value must be a valid range between 1 and/);
    await bad([Query.limit(5001)], /Invalid limit/);
    await bad([Query.offset(-1)], /Invalid offset/);
  });

  it('cursorAfter and cursorBefore, in both directions and at both ends', async () => {
    expect(await ids([Query.cursorAfter('i2'), Query.limit(2)])).toEqual(['i3', 'i4']);
    expect(await ids([Query.cursorAfter('i5')])).toEqual([]);
    expect(await ids([Query.cursorBefore('i1')])).toEqual([]);
    expect(await ids([Query.cursorBefore('i4'), Query.limit(2)])).toEqual(['i2', 'i3']);
    expect(await ids([Query.orderDesc('n'), Query.cursorAfter('i1')])).toEqual(['i5', 'i4']);
    expect(await ids([Query.orderDesc('n'), Query.cursorBefore('i5')])).toEqual(['i3', 'i2', 'i1']);
    expect(await ids([Query.orderAsc('n'), Query.cursorAfter('i4'), Query.limit(1)])).toEqual([
      'i5',
    ]);
    expect(await ids([Query.orderAsc('n'), Query.cursorBefore('i5')])).toEqual(['i4']);
    await expectError(
      sdkUser(server).databases.listDocuments('lab', 'items', [Query.cursorAfter('nope')]),
      {
        code: 400,
        type: 'general_cursor_not_found',
        message: "Document 'nope' for the 'cursor' value not found.",
      },
    );
  });
});

describe('malformed queries are a 400, never a 500', () => {
  it.each([
    ['no parenthesis', 'equal'],
    ['unknown method', 'like("title", ["a"])'],
    ['old syntax', 'title.equal("a")'],
    ['unknown attribute', 'equal("nope", ["a"])'],
    ['$permissions', 'equal("$permissions", ["a"])'],
    ['no values', 'equal("title", [])'],
    ['two values for notEqual', 'notEqual("title", ["a","b"])'],
    ['between with one', 'between("n", 1)'],
    ['unterminated', 'equal("title", ["a)'],
    ['nested', 'equal("title.x", ["a"])'],
    ['null value', 'equal("title", [null])'],
    ['cursor not an id', 'cursorAfter("_x")'],
    ['limit text', 'limit("ten")'],
    ['the internal row number', 'equal("$internalId", [1])'],
    ['ordering by the internal row number', 'orderAsc("$internalId")'],
    ['selecting the internal row number', 'select(["$internalId"])'],
    ['selecting it among others', 'select(["title", "$internalId"])'],
  ])('%s', async (_name, query) => {
    await bad([query]);
  });

  it('queries that are no list entries are a 400, not ignored', async () => {
    const base = `${server.endpoint}/databases/lab/collections/items/documents`;
    for (const qs of [
      'queries[0][a]=limit(1)',
      'queries[a]=limit(1)',
      'queries[0]=limit(2)&queries[1][x]=limit(1)',
    ]) {
      const res = await raw(`${base}?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body).toMatchObject({
        type: 'general_argument_invalid',
        message: expect.stringMatching(/^Invalid `queries` param: "queries\[/),
      });
    }
    const one = await raw(`${base}/i1?queries[0][a]=select(["title"])`);
    expect(one.status).toBe(400);
    expect((await raw(`${base}?queries[]=limit(1)`)).status).toBe(200);
  });

  it('over 100 values, over 100 queries, empty and oversized strings', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i);
    await bad(
      [Query.equal('n', many)],
      'Invalid query: Query on attribute has greater than 100 values: n',
    );
    const base = `${server.endpoint}/databases/lab/collections/items/documents`;
    const message =
      'Invalid `queries` param: Value must a valid array and Value must be a valid string and at least 1 chars and no longer than 4096 chars';
    const tooMany = Array.from({ length: 101 }, (_, i) => `queries[${i}]=limit(1)`).join('&');
    for (const qs of [tooMany, 'queries[0]=', `queries[0]=${'x'.repeat(4097)}`]) {
      const res = await raw(`${base}?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'general_argument_invalid', message });
    }
  });
});
