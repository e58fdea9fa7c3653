import { setTimeout as sleep } from 'node:timers/promises';
import { Permission, Role, type Models } from 'appwrite';
import { DB, ME } from './schema.js';
import { kept, raw, type Context, type RawAnswer } from './context.js';
import { equal, like, refused, type Row } from './table.js';

/**
 * DatabasesBase (Appwrite 1.4 e2e), client side: updates, deletes, default permissions, unique
 * indexes and the system dates.
 */
const me = Role.user(ME);
const mine = [Permission.read(me), Permission.update(me), Permission.delete(me)];
const movie = (title: string, more: Record<string, unknown> = {}) => ({
  title,
  releaseYear: 2017,
  ...more,
});
const id = (c: Context, name: string) => kept(c, name).$id;
const status = (r: RawAnswer) => ({
  status: r.status,
  type: r.json?.type,
  message: r.json?.message,
});
const isoDate = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;
/** PATCH with an X-Appwrite-Timestamp header, which the Web SDK never sends. */
const patchAt = (c: Context, timestamp: string) =>
  raw(c, c.me, 'PATCH', `/databases/${DB}/collections/movies/documents/${id(c, 'thor')}`, {
    headers: { 'X-Appwrite-Timestamp': timestamp },
    body: { data: { title: 'Thor: Ragnarok' } },
  });

export const updateRows: Row<Context>[] = [
  {
    name: 'testUpdateDocument: $createdAt in data is ignored on create',
    run: (c) =>
      c.me.databases.createDocument(
        DB,
        'movies',
        'unique()',
        movie('Thor: Ragnaroc', { birthDay: '1976-06-12 14:12:55', actors: [], $createdAt: 5 }),
        mine,
      ),
    keep: 'thor',
    pick: (d: Models.Document) => ({
      title: d.title as unknown,
      createdAt: isoDate.test(d.$createdAt),
      birthDay: d.birthDay as unknown,
      permissions: d.$permissions,
    }),
    expect: equal({
      title: 'Thor: Ragnaroc',
      createdAt: true,
      birthDay: '1976-06-12T14:12:55.000+00:00',
      permissions: mine,
    }),
  },
  {
    name: 'testUpdateDocument: data and permissions replaced',
    run: (c) =>
      c.me.databases.updateDocument(DB, 'movies', id(c, 'thor'), { title: 'Thor: Ragnarok' }, [
        Permission.read(Role.users()),
        Permission.update(Role.users()),
        Permission.delete(Role.users()),
      ]),
    pick: (d: Models.Document) => ({
      title: d.title as unknown,
      releaseYear: d.releaseYear as unknown,
      $collectionId: d.$collectionId,
      $databaseId: d.$databaseId,
      permissions: d.$permissions,
    }),
    expect: equal({
      title: 'Thor: Ragnarok',
      releaseYear: 2017,
      $collectionId: 'movies',
      $databaseId: DB,
      permissions: ['read("users")', 'update("users")', 'delete("users")'],
    }),
  },
  {
    name: 'testUpdateDocument: the update reads back',
    run: (c) => c.me.databases.getDocument(DB, 'movies', id(c, 'thor')),
    expect: like({ title: 'Thor: Ragnarok', releaseYear: 2017 }),
  },
  {
    name: 'testUpdateDocument: X-Appwrite-Timestamp of now is accepted',
    run: (c) => patchAt(c, new Date().toISOString()),
    pick: (r: RawAnswer) => r.status,
    expect: equal(200),
  },
  {
    name: 'testUpdateDocument: an unreadable X-Appwrite-Timestamp is 400',
    run: (c) => patchAt(c, 'invalid'),
    pick: status,
    expect: equal({
      status: 400,
      type: 'general_argument_invalid',
      message: 'Invalid X-Appwrite-Timestamp header value',
    }),
  },
  {
    name: 'testUpdateDocument: an X-Appwrite-Timestamp older than the document is 409',
    run: (c) => patchAt(c, new Date(Date.now() - 1000 * 1000).toISOString()),
    pick: status,
    expect: equal({
      status: 409,
      type: 'document_update_conflict',
      message: 'Remote document is newer than local.',
    }),
  },
];

export const deleteRows: Row<Context>[] = [
  {
    name: 'testDeleteDocument: created and readable',
    run: (c) =>
      c.me.databases.createDocument(
        DB,
        'movies',
        'unique()',
        movie('Thor: Ragnarok', { birthDay: '1975-06-12 14:12:55', actors: [] }),
        mine,
      ),
    keep: 'doomed',
    pick: (d: Models.Document) => d.title,
    expect: equal('Thor: Ragnarok'),
  },
  {
    name: 'testDeleteDocument: DELETE answers 204 without a body',
    run: (c) =>
      raw(c, c.me, 'DELETE', `/databases/${DB}/collections/movies/documents/${id(c, 'doomed')}`),
    pick: (r: RawAnswer) => ({ status: r.status, body: r.body.length }),
    expect: equal({ status: 204, body: 0 }),
  },
  {
    name: 'testDeleteDocument: the deleted document is 404',
    run: (c) => c.me.databases.getDocument(DB, 'movies', id(c, 'doomed')),
    expect: refused(404, 'document_not_found'),
  },
];

export const defaultPermissionRows: Row<Context>[] = [
  {
    name: 'testDefaultPermissions: without permissions the creator gets read, update, delete',
    run: (c) =>
      c.me.databases.createDocument(
        DB,
        'movies',
        'unique()',
        movie('Captain America', { releaseYear: 1944, actors: [] }),
      ),
    keep: 'defaults',
    pick: (d: Models.Document) => d.$permissions,
    expect: equal(mine),
  },
  {
    name: 'testDefaultPermissions: given permissions replace the list (not merged)',
    run: (c) =>
      c.me.databases.updateDocument(
        DB,
        'movies',
        id(c, 'defaults'),
        { title: 'Captain America 2', releaseYear: 1945, actors: [] },
        [Permission.read(me), Permission.update(me)],
      ),
    pick: (d: Models.Document) => [d.title, d.$permissions],
    expect: equal(['Captain America 2', [Permission.read(me), Permission.update(me)]]),
  },
  {
    name: 'testDefaultPermissions: the replaced list reads back',
    run: (c) => c.me.databases.getDocument(DB, 'movies', id(c, 'defaults')),
    pick: (d: Models.Document) => [d.releaseYear, d.$permissions],
    expect: equal([1945, [Permission.read(me), Permission.update(me)]]),
  },
  {
    name: 'testDefaultPermissions: an empty list resets them',
    run: (c) =>
      c.me.databases.updateDocument(
        DB,
        'movies',
        id(c, 'defaults'),
        { title: 'Captain America 3', releaseYear: 1946, actors: [] },
        [],
      ),
    pick: (d: Models.Document) => [d.title, d.$permissions],
    expect: equal(['Captain America 3', []]),
  },
  {
    name: 'testDefaultPermissions: then the client can no longer read it (404)',
    run: (c) => c.me.databases.getDocument(DB, 'movies', id(c, 'defaults')),
    expect: refused(404, 'document_not_found'),
  },
];

const captain = {
  title: 'Captain America',
  releaseYear: 1944,
  actors: ['Chris Evans', 'Samuel Jackson'],
};

export const uniqueRows: Row<Context>[] = [
  {
    name: 'testUniqueIndexDuplicate: the first of a title is created',
    run: (c) => c.me.databases.createDocument(DB, 'unique_titles', 'unique()', captain, mine),
    pick: (d: Models.Document) => d.title,
    expect: equal('Captain America'),
  },
  {
    name: 'testUniqueIndexDuplicate: the same title again is 409',
    run: (c) => c.me.databases.createDocument(DB, 'unique_titles', 'unique()', captain, mine),
    expect: refused(409, 'document_already_exists'),
  },
  {
    name: 'testUniqueIndexDuplicate: another title is created',
    run: (c) =>
      c.me.databases.createDocument(
        DB,
        'unique_titles',
        'unique()',
        { ...captain, title: 'Captain America 5' },
        mine,
      ),
    keep: 'ca5',
    pick: (d: Models.Document) => d.title,
    expect: equal('Captain America 5'),
  },
  {
    name: 'testUniqueIndexDuplicate: updating it to the taken title is 409',
    run: (c) => c.me.databases.updateDocument(DB, 'unique_titles', id(c, 'ca5'), captain, mine),
    expect: refused(409, 'document_already_exists'),
  },
];

const dates = (d: Models.Document, c: Context, was: string) => ({
  createdSame: d.$createdAt === kept(c, 'dated').$createdAt,
  updatedMoved: d.$updatedAt !== kept(c, was).$updatedAt,
});

export const dateRows: Row<Context>[] = [
  {
    name: 'testPersistantCreatedAt: created',
    run: (c) =>
      c.me.databases.createDocument(
        DB,
        'movies',
        'unique()',
        movie('Creation Date Test', { releaseYear: 2000 }),
      ),
    keep: 'dated',
    pick: (d: Models.Document) => d.title,
    expect: equal('Creation Date Test'),
  },
  {
    name: 'testPersistantCreatedAt: an update keeps $createdAt and moves $updatedAt',
    run: async (c) => {
      await sleep(5);
      return c.me.databases.updateDocument(DB, 'movies', id(c, 'dated'), {
        title: 'Updated Date Test',
      });
    },
    keep: 'dated2',
    pick: (d: Models.Document, c) => ({ title: d.title as unknown, ...dates(d, c, 'dated') }),
    expect: equal({ title: 'Updated Date Test', createdSame: true, updatedMoved: true }),
  },
  {
    name: 'testPersistantCreatedAt: $createdAt and $updatedAt in data are not taken',
    run: async (c) => {
      await sleep(5);
      return c.me.databases.updateDocument(DB, 'movies', id(c, 'dated'), {
        title: 'Again Updated Date Test',
        $createdAt: '2022-08-01 13:09:23.040',
        $updatedAt: '2022-08-01 13:09:23.050',
      });
    },
    pick: (d: Models.Document, c) => ({
      title: d.title as unknown,
      ...dates(d, c, 'dated2'),
      takenUpdatedAt: d.$updatedAt.startsWith('2022-08-01'),
    }),
    expect: equal({
      title: 'Again Updated Date Test',
      createdSame: true,
      updatedMoved: true,
      takenUpdatedAt: false,
    }),
  },
];

const anyone = [
  Permission.read(Role.any()),
  Permission.update(Role.any()),
  Permission.delete(Role.any()),
];

export const emptyPayloadRows: Row<Context>[] = [
  {
    name: 'testUpdatePermissionsWithEmptyPayload: created with any',
    run: (c) =>
      c.me.databases.createDocument(
        DB,
        'empty_payload',
        'unique()',
        { title: 'Captain America' },
        anyone,
      ),
    keep: 'empty',
    pick: (d: Models.Document) => d.$permissions,
    expect: equal(anyone),
  },
  {
    name: 'testUpdatePermissionsWithEmptyPayload: permissions alone, read only',
    run: (c) =>
      c.me.databases.updateDocument(DB, 'empty_payload', id(c, 'empty'), undefined, [
        Permission.read(me),
      ]),
    pick: (d: Models.Document) => d.$permissions,
    expect: equal([Permission.read(me)]),
  },
  {
    name: 'testUpdatePermissionsWithEmptyPayload: permissions alone, update and delete (the collection grants update)',
    run: (c) =>
      c.me.databases.updateDocument(DB, 'empty_payload', id(c, 'empty'), undefined, [
        Permission.update(me),
        Permission.delete(me),
      ]),
    pick: (d: Models.Document) => d.$permissions,
    expect: equal([Permission.update(me), Permission.delete(me)]),
  },
];
