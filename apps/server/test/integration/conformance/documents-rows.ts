import { isDeepStrictEqual } from 'node:util';
import { Permission, Query, Role, type Models } from 'appwrite';
import { DB, ME } from './schema.js';
import { field, idsOf, kept, raw, type Context, type DocList, type RawAnswer } from './context.js';
import { equal, like, refused, type Row } from './table.js';

/**
 * DatabasesBase (Appwrite 1.4 e2e), client side: documents in the Movies collection, created,
 * listed, paged, queried, updated and deleted by their owner.
 */
const mine = [
  Permission.read(Role.user(ME)),
  Permission.update(Role.user(ME)),
  Permission.delete(Role.user(ME)),
];
const create = (
  c: Context,
  data: Record<string, unknown>,
  permissions: string[] | undefined = mine,
) => c.me.databases.createDocument(DB, 'movies', 'unique()', data, permissions);
const list = (c: Context, queries: string[] = []) =>
  c.me.databases.listDocuments(DB, 'movies', queries);
const id = (c: Context, name: string) => kept(c, name).$id;
const BASE = ['Captain America', 'Spider-Man: Far From Home', 'Spider-Man: Homecoming'];
const YEARS_UP = [1944, 2017, 2019];
/** What testCreateDocument asserts of a created document. */
const shape = (d: Models.Document) => ({
  $collectionId: d.$collectionId,
  $databaseId: d.$databaseId,
  title: d.title as unknown,
  releaseYear: d.releaseYear as unknown,
  duration: d.duration as unknown,
  actors: d.actors as unknown,
  birthDay: d.birthDay as unknown,
  permissions: d.$permissions.length,
  internals: Object.keys(d).filter((k) => k === '$collection' || k === '$internalId'),
});

export const createRows: Row<Context>[] = [
  {
    name: 'testCreateDocument: a +02:00 birthDay is stored as UTC; $collectionId and $databaseId, no $collection',
    run: (c) =>
      create(c, {
        title: 'Captain America',
        releaseYear: 1944,
        birthDay: '1975-06-12 14:12:55+02:00',
        actors: ['Chris Evans', 'Samuel Jackson'],
      }),
    keep: 'doc1',
    pick: shape,
    expect: equal({
      $collectionId: 'movies',
      $databaseId: DB,
      title: 'Captain America',
      releaseYear: 1944,
      duration: null,
      actors: ['Chris Evans', 'Samuel Jackson'],
      birthDay: '1975-06-12T12:12:55.000+00:00',
      permissions: 3,
      internals: [],
    }),
  },
  {
    name: 'testCreateDocument: a null birthDay and an unset duration read back as null',
    run: (c) =>
      create(c, {
        title: 'Spider-Man: Far From Home',
        releaseYear: 2019,
        birthDay: null,
        actors: ['Tom Holland', 'Zendaya Maree Stoermer', 'Samuel Jackson'],
      }),
    keep: 'doc2',
    pick: shape,
    expect: like({ duration: null, birthDay: null, permissions: 3, internals: [] }),
  },
  {
    name: 'testCreateDocument: a birthDay in America/New_York is stored as UTC',
    run: (c) =>
      create(c, {
        title: 'Spider-Man: Homecoming',
        releaseYear: 2017,
        birthDay: '1975-06-12 14:12:55 America/New_York',
        duration: 65,
        actors: ['Tom Holland', 'Zendaya Maree Stoermer'],
      }),
    keep: 'doc3',
    pick: shape,
    expect: like({
      duration: 65,
      birthDay: '1975-06-12T18:12:55.000+00:00',
      actors: ['Tom Holland', 'Zendaya Maree Stoermer'],
    }),
  },
  {
    name: 'testCreateDocument: a missing required title is 400',
    run: (c) => create(c, { releaseYear: 2020 }),
    expect: refused(
      400,
      'document_invalid_structure',
      'Invalid document structure: Missing required attribute "title"',
    ),
  },
  {
    name: 'testCreateDocument: DELETE on the documents path without an id is 404',
    run: (c) => raw(c, c.me, 'DELETE', `/databases/${DB}/collections/movies/documents/`),
    pick: (r: RawAnswer) => r.status,
    expect: equal(404),
  },
];

export const listRows: Row<Context>[] = [
  {
    name: 'testListDocuments: orderAsc("releaseYear"), no $internalId',
    run: (c) => list(c, [Query.orderAsc('releaseYear')]),
    pick: (l: DocList) => ({
      years: field('releaseYear')(l),
      internal: l.documents.some((d) => '$internalId' in d || '$collection' in d),
      where: [...new Set(l.documents.map((d) => `${d.$databaseId}/${d.$collectionId}`))],
    }),
    expect: equal({ years: YEARS_UP, internal: false, where: [`${DB}/movies`] }),
  },
  {
    name: 'testListDocuments: orderDesc("releaseYear")',
    run: (c) => list(c, [Query.orderDesc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([...YEARS_UP].reverse()),
  },
  {
    name: 'testGetDocument: the document as listed, without $internalId',
    run: (c) => c.me.databases.getDocument(DB, 'movies', id(c, 'doc1')),
    pick: (d: Models.Document, c) => ({
      asCreated: isDeepStrictEqual(d, kept(c, 'doc1')),
      internal: '$internalId' in d,
    }),
    expect: equal({ asCreated: true, internal: false }),
  },
  {
    name: 'testGetDocumentWithQueries: select(["title", "releaseYear"]) leaves birthDay out',
    run: (c) =>
      c.me.databases.getDocument(DB, 'movies', id(c, 'doc1'), [
        Query.select(['title', 'releaseYear']),
      ]),
    pick: (d: Models.Document) => ({
      title: d.title as unknown,
      year: d.releaseYear as unknown,
      birthDay: 'birthDay' in d,
    }),
    expect: equal({ title: 'Captain America', year: 1944, birthDay: false }),
  },
  {
    name: 'testListDocumentsAfterPagination: insertion order without an order query',
    run: (c) => list(c),
    pick: field('title'),
    expect: equal(BASE),
  },
  {
    name: 'testListDocumentsAfterPagination: cursorAfter the first',
    run: (c) => list(c, [Query.cursorAfter(id(c, 'doc1'))]),
    pick: (l: DocList, c) =>
      idsOf(l).map((x) => (x === id(c, 'doc2') ? 'doc2' : x === id(c, 'doc3') ? 'doc3' : x)),
    expect: equal(['doc2', 'doc3']),
  },
  {
    name: 'testListDocumentsAfterPagination: cursorAfter the last is empty',
    run: (c) => list(c, [Query.cursorAfter(id(c, 'doc3'))]),
    pick: idsOf,
    expect: equal([]),
  },
  {
    name: 'testListDocumentsAfterPagination: cursorAfter with orderAsc("releaseYear")',
    run: (c) => list(c, [Query.cursorAfter(id(c, 'doc3')), Query.orderAsc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([2019]),
  },
  {
    name: 'testListDocumentsAfterPagination: cursorAfter with orderDesc("releaseYear")',
    run: (c) => list(c, [Query.cursorAfter(id(c, 'doc3')), Query.orderDesc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([1944]),
  },
  {
    name: 'testListDocumentsAfterPagination: cursorAfter an unknown document is 400',
    run: (c) => list(c, [Query.cursorAfter('unknown')]),
    expect: refused(400, 'general_cursor_not_found'),
  },
  {
    name: 'testListDocumentsBeforePagination: cursorBefore the last',
    run: (c) => list(c, [Query.cursorBefore(id(c, 'doc3'))]),
    pick: field('title'),
    expect: equal(BASE.slice(0, 2)),
  },
  {
    name: 'testListDocumentsBeforePagination: cursorBefore the first is empty',
    run: (c) => list(c, [Query.cursorBefore(id(c, 'doc1'))]),
    pick: idsOf,
    expect: equal([]),
  },
  {
    name: 'testListDocumentsBeforePagination: cursorBefore with orderAsc("releaseYear")',
    run: (c) => list(c, [Query.cursorBefore(id(c, 'doc3')), Query.orderAsc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([1944]),
  },
  {
    name: 'testListDocumentsBeforePagination: cursorBefore with orderDesc("releaseYear")',
    run: (c) => list(c, [Query.cursorBefore(id(c, 'doc3')), Query.orderDesc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([2019]),
  },
  {
    name: 'testListDocumentsLimitAndOffset: limit(1)',
    run: (c) => list(c, [Query.limit(1), Query.orderAsc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([1944]),
  },
  {
    name: 'testListDocumentsLimitAndOffset: limit(2), offset(1)',
    run: (c) => list(c, [Query.limit(2), Query.offset(1), Query.orderAsc('releaseYear')]),
    pick: field('releaseYear'),
    expect: equal([2017, 2019]),
  },
];

const tooLongTitles = Array.from(
  { length: 101 },
  (_, i) => `[${i}] Too long title to cross 2k chars query limit`,
).join(',');

export const queryRows: Row<Context>[] = [
  {
    name: 'testDocumentsListQueries: search("title", "Captain America")',
    run: (c) => list(c, [Query.search('title', 'Captain America')]),
    pick: field('releaseYear'),
    expect: equal([1944]),
  },
  {
    name: 'testDocumentsListQueries: equal("$id", ...)',
    run: (c) => list(c, [Query.equal('$id', id(c, 'doc1'))]),
    pick: field('releaseYear'),
    expect: equal([1944]),
  },
  {
    name: 'testDocumentsListQueries: search("title", "Homecoming")',
    run: (c) => list(c, [Query.search('title', 'Homecoming')]),
    pick: field('releaseYear'),
    expect: equal([2017]),
  },
  {
    name: 'testDocumentsListQueries: search("title", "spider") matches both Spider-Man titles',
    run: (c) => list(c, [Query.search('title', 'spider')]),
    pick: field('releaseYear'),
    expect: equal([2017, 2019]),
    differs: {
      appwrite: 'insertion order (2019, 2017)',
      why: 'a search without an order of its own comes best match first, equal matches newest first (docs/protocol.md §5.4)',
    },
  },
  {
    name: 'testDocumentsListQueries: equal("releaseYear", 1944)',
    run: (c) => list(c, [Query.equal('releaseYear', 1944)]),
    pick: field('title'),
    expect: equal(['Captain America']),
  },
  {
    name: 'testDocumentsListQueries: notEqual("releaseYear", 1944)',
    run: (c) => list(c, [Query.notEqual('releaseYear', 1944)]),
    pick: field('title'),
    expect: equal(BASE.slice(1)),
  },
  {
    name: 'testDocumentsListQueries: greaterThan("$createdAt", "1976-06-12")',
    run: (c) => list(c, [Query.greaterThan('$createdAt', '1976-06-12')]),
    pick: (l: DocList) => l.documents.length,
    expect: equal(3),
  },
  {
    name: 'testDocumentsListQueries: lessThan("$createdAt", "1976-06-12")',
    run: (c) => list(c, [Query.lessThan('$createdAt', '1976-06-12')]),
    pick: (l: DocList) => l.documents.length,
    expect: equal(0),
  },
  {
    name: 'testDocumentsListQueries: equal("actors", "Tom Holland") on an array is accepted',
    run: (c) => list(c, [Query.equal('actors', 'Tom Holland')]),
    pick: field('title'),
    // Appwrite asserts only the 200; Courtside matches any element (docs/protocol.md §5.4).
    expect: equal(BASE.slice(1)),
  },
  {
    name: 'testDocumentsListQueries: greaterThan("birthDay", "1960-01-01 10:10:10+02:30")',
    run: (c) => list(c, [Query.greaterThan('birthDay', '1960-01-01 10:10:10+02:30')]),
    pick: field('birthDay'),
    expect: equal(['1975-06-12T12:12:55.000+00:00', '1975-06-12T18:12:55.000+00:00']),
  },
  {
    name: 'testDocumentsListQueries: 101 values in one equal are 400',
    run: (c) =>
      list(c, [
        Query.equal(
          'releaseYear',
          Array.from({ length: 101 }, (_, i) => i),
        ),
      ]),
    expect: refused(
      400,
      'general_argument_invalid',
      'Invalid query: Query on attribute has greater than 100 values: releaseYear',
    ),
  },
  {
    name: 'testDocumentsListQueries: a search over 101 long values is 400',
    run: (c) => list(c, [`search("title", ${tooLongTitles})`]),
    expect: refused(400, 'general_argument_invalid'),
  },
  {
    name: 'testDocumentsListQueries: search on an attribute without a fulltext index is 400',
    run: (c) => list(c, [Query.search('actors', 'Tom')]),
    expect: refused(
      400,
      'general_argument_invalid',
      'Searching by attribute "actors" requires a fulltext index.',
    ),
  },
  {
    name: 'testValidateOperators: isNotNull, startsWith, endsWith and between together',
    run: (c) =>
      list(c, [
        Query.isNotNull('$id'),
        Query.startsWith('title', 'Spider'),
        Query.endsWith('title', 'Home'),
        Query.between('$createdAt', '1975-12-06', '2050-12-06'),
      ]),
    pick: field('title'),
    expect: equal(['Spider-Man: Far From Home']),
  },
  {
    name: 'testValidateOperators: isNull with select(["title"]) leaves the rest out',
    run: (c) =>
      list(c, [Query.isNotNull('$id'), Query.isNull('birthDay'), Query.select(['title'])]),
    pick: (l: DocList) =>
      l.documents.map((d) => ({ title: d.title as unknown, actors: 'actors' in d })),
    expect: equal([{ title: 'Spider-Man: Far From Home', actors: false }]),
  },
  {
    name: 'testSelectsQueries: equal with select(["title"]) on a list',
    run: (c) => list(c, [Query.equal('title', 'Captain America'), Query.select(['title'])]),
    pick: (l: DocList) => Object.keys(l.documents[0]!).filter((k) => !k.startsWith('$')),
    expect: equal(['title']),
  },
];
