import { Permission, Query, Role, type Models } from 'appwrite';
import { DB, ME } from './schema.js';
import { kept, raw, type Context, type DocList, type RawAnswer } from './context.js';
import { equal, like, refused, type Row } from './table.js';

/**
 * Appwrite 1.4 e2e, client side: collection against document security (DatabasesBase's
 * testEnforce*), DatabasesCustomClientTest, DatabasesPermissionsGuestTest and
 * DatabasesPermissionsMemberTest, plus disabled and unknown collections.
 */
const me = Role.user(ME);
const mine = [Permission.read(me), Permission.update(me), Permission.delete(me)];
const total = (l: DocList) => [l.total, l.documents.length];
const id = (c: Context, name: string) => kept(c, name).$id;
const path = (collection: string, doc = '') =>
  `/databases/${DB}/collections/${collection}/documents${doc ? `/${doc}` : ''}`;

/** testEnforceCollectionAndDocumentPermissions and testEnforceCollectionPermissions. */
function enforceRows(collection: 'enforce_both' | 'enforce_coll'): Row<Context>[] {
  const security = collection === 'enforce_both';
  const test = security
    ? 'testEnforceCollectionAndDocumentPermissions'
    : 'testEnforceCollectionPermissions';
  const k = (n: number) => `${collection}${n}`;
  return [
    {
      name: `${test}: the owner creates a document it may read`,
      run: (c) =>
        c.me.databases.createDocument(DB, collection, 'unique()', { attribute: 'one' }, mine),
      keep: k(1),
      pick: (d: Models.Document) => d.$permissions,
      expect: equal(mine),
    },
    {
      name: `${test}: and one without document read`,
      run: (c) =>
        c.me.databases.createDocument(
          DB,
          collection,
          'unique()',
          { attribute: 'one' },
          mine.slice(1),
        ),
      keep: k(2),
      pick: (d: Models.Document) => d.$permissions,
      expect: equal(mine.slice(1)),
    },
    {
      name: `${test}: the server creates one for another user`,
      run: (c) =>
        c.key.databases.createDocument(DB, collection, 'unique()', { attribute: 'one' }, [
          Permission.read(Role.user('other')),
          Permission.update(Role.user('other')),
        ]),
      keep: k(3),
      pick: (d: Models.Document) => d.attribute,
      expect: equal('one'),
    },
    {
      name: `${test}: collection read lists every document`,
      run: (c) => c.me.databases.listDocuments(DB, collection),
      pick: total,
      expect: equal([3, 3]),
    },
    {
      name: `${test}: collection read gets the other user's document`,
      run: (c) => c.me.databases.getDocument(DB, collection, id(c, k(3))),
      expect: like({ attribute: 'one' }),
    },
    security
      ? {
          name: `${test}: document read alone gets that document`,
          run: (c) => c.other.databases.getDocument(DB, collection, id(c, k(3))),
          expect: like({ attribute: 'one' }),
        }
      : {
          name: `${test}: without document security a document read is not enough (404)`,
          run: (c) => c.other.databases.getDocument(DB, collection, id(c, k(3))),
          expect: refused(404, 'document_not_found'),
        },
    {
      name: `${test}: no collection or document read is 404`,
      run: (c) => c.other.databases.getDocument(DB, collection, id(c, k(2))),
      expect: refused(404, 'document_not_found'),
    },
    security
      ? {
          name: `${test}: the list holds only the readable document`,
          run: (c) => c.other.databases.listDocuments(DB, collection),
          pick: total,
          expect: equal([1, 1]),
        }
      : {
          name: `${test}: listing without collection read or document security is refused (401, listDocuments of 1.4.13)`,
          run: (c) => c.other.databases.listDocuments(DB, collection),
          expect: refused(401, 'user_unauthorized'),
        },
  ];
}

export const clientRows: Row<Context>[] = [
  ...enforceRows('enforce_both'),
  ...enforceRows('enforce_coll'),
  {
    name: 'DatabasesCustomClientTest::testAllowedPermissions: write on a document is update and delete',
    run: (c) =>
      c.me.databases.createDocument(DB, 'allowed', 'unique()', { title: 'Captain America' }, [
        `write("user:${ME}")`,
      ]),
    pick: (d: Models.Document) => d.$permissions,
    expect: equal([Permission.update(me), Permission.delete(me)]),
  },
  {
    name: 'DatabasesCustomClientTest::testAllowedPermissions: create on a document is 400',
    run: (c) =>
      c.me.databases.createDocument(DB, 'allowed', 'unique()', { title: 'Captain America' }, [
        Permission.create(me),
      ]),
    expect: refused(
      400,
      'general_argument_invalid',
      /^Invalid `permissions` param: Permission "create\(/,
    ),
  },
  {
    name: 'DatabasesCustomClientTest::testUpdateWithoutPermission: the server grants read to two users',
    run: (c) =>
      c.key.databases.createDocument(
        DB,
        'permission_check',
        'permissionCheckDocument',
        { name: 'AppwriteBeginner' },
        [Permission.read(Role.user('user2')), ...mine],
      ),
    pick: (d: Models.Document) => d.$id,
    expect: equal('permissionCheckDocument'),
  },
  {
    name: 'DatabasesCustomClientTest::testUpdateWithoutPermission: an update without permissions skips the granting rule',
    run: (c) =>
      c.me.databases.updateDocument(DB, 'permission_check', 'permissionCheckDocument', {
        name: 'AppwriteExpert',
      }),
    pick: (d: Models.Document) => [d.name, d.$permissions],
    expect: equal(['AppwriteExpert', [Permission.read(Role.user('user2')), ...mine]]),
  },
  {
    name: 'DatabasesCustomClientTest::testUpdateWithoutPermission: the new name reads back',
    run: (c) => c.me.databases.getDocument(DB, 'permission_check', 'permissionCheckDocument'),
    expect: like({ name: 'AppwriteExpert' }),
  },
  {
    name: 'testDisableCollection: creating in a disabled collection is 404',
    run: (c) =>
      c.me.databases.createDocument(DB, 'disabled', 'unique()', { title: 'Captain America' }, mine),
    expect: refused(404, 'collection_not_found'),
  },
  {
    name: 'testDisableCollection: listing a disabled collection is 404',
    run: (c) => c.me.databases.listDocuments(DB, 'disabled'),
    expect: refused(404, 'collection_not_found'),
  },
  {
    name: 'testDisableCollection: getting from a disabled collection is 404',
    run: (c) => c.me.databases.getDocument(DB, 'disabled', 'someID'),
    expect: refused(404, 'collection_not_found'),
  },
  {
    name: 'reference §3.1: an unknown database is 404',
    run: (c) => c.me.databases.listDocuments('nope', 'movies'),
    expect: refused(404, 'database_not_found'),
  },
  {
    name: 'reference §3.1: an unknown collection is 404',
    run: (c) => c.me.databases.listDocuments(DB, 'nope'),
    expect: refused(404, 'collection_not_found'),
  },
];

/** The server side of testDefaultPermissions, and where 1.4 is accidental (README lists these). */
export const serverAndDepartureRows: Row<Context>[] = [
  {
    name: 'testDefaultPermissions (server side): a document an API key creates without permissions has none',
    run: (c) =>
      c.key.databases.createDocument(DB, 'movies', 'unique()', {
        title: 'Server',
        releaseYear: 2000,
      }),
    keep: 'serverDoc',
    pick: (d: Models.Document) => d.$permissions,
    expect: equal([]),
  },
  {
    name: 'testDefaultPermissions (server side): and the key still reads it',
    run: (c) => c.key.databases.getDocument(DB, 'movies', id(c, 'serverDoc')),
    expect: like({ title: 'Server', $permissions: [] }),
  },
  {
    name: 'testListDocumentsAlias: the /v1/database/... alias of 1.4',
    run: (c) => raw(c, c.me, 'GET', '/database/collections/movies/documents'),
    pick: (r: RawAnswer) => [r.status, r.json?.type],
    expect: equal([404, 'general_route_not_found']),
    differs: {
      appwrite: "200, the 'default' database's documents",
      why: 'the Web SDK 13 never calls the alias paths (docs/protocol.md §1.1)',
    },
  },
  {
    name: 'listDocuments (1.4.13): a cursor naming a document the caller may not read',
    run: (c) => c.other.databases.listDocuments(DB, 'movies', [Query.cursorAfter(id(c, 'doc1'))]),
    expect: refused(400, 'general_cursor_not_found'),
    differs: {
      appwrite: 'pages from it (the cursor is looked up without permissions)',
      why: 'a cursor leaks nothing: it answers as one that does not exist (README, Security)',
    },
  },
  {
    name: 'updateDocument (1.4.13): an unchanged patch from someone who may not update',
    run: (c) =>
      c.other.databases.updateDocument(DB, 'movies', id(c, 'doc1'), { title: 'Captain America' }),
    expect: refused(401, 'user_unauthorized'),
    differs: {
      appwrite: 'the stored document, unchecked (it lets anyone read it)',
      why: 'an update needs update permission even when it changes nothing',
    },
  },
];

/** DatabasesPermissionsGuestTest::permissionsProvider */
const guestSets = [
  [Permission.read(Role.any())],
  [Permission.read(Role.users())],
  [Permission.update(Role.any()), Permission.delete(Role.any())],
  [Permission.read(Role.any()), Permission.update(Role.any()), Permission.delete(Role.any())],
  [Permission.read(Role.users()), Permission.update(Role.users()), Permission.delete(Role.users())],
  [Permission.read(Role.any()), Permission.update(Role.users()), Permission.delete(Role.users())],
];

async function guestReads(c: Context, permissions: string[], n: number) {
  const title = `guest-${n}`;
  for (const collection of ['guest_public', 'guest_private']) {
    await c.key.databases.createDocument(DB, collection, 'unique()', { title }, permissions);
  }
  const only = [Query.equal('title', title)];
  const pub = await c.guest.databases.listDocuments(DB, 'guest_public', only);
  const priv = await c.guest.databases.listDocuments(DB, 'guest_private', only);
  return { public: [pub.total, pub.documents[0]?.$permissions], private: priv.total };
}

export const guestRows: Row<Context>[] = [
  ...guestSets.map((permissions, n): Row<Context> => ({
    name: `DatabasesPermissionsGuestTest::testReadDocuments: ${permissions.join(', ')}`,
    run: (c) => guestReads(c, permissions, n),
    expect: equal({
      public: [1, permissions],
      private: permissions.includes(Permission.read(Role.any())) ? 1 : 0,
    }),
  })),
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: a guest creates where any may',
    run: (c) =>
      c.guest.databases.createDocument(DB, 'guest_public', 'unique()', { title: 'Lorem' }),
    keep: 'guestDoc',
    pick: (d: Models.Document) => d.$permissions,
    expect: equal([]),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: a guest cannot create in the private collection',
    run: (c) =>
      c.guest.databases.createDocument(DB, 'guest_private', 'unique()', { title: 'Lorem' }),
    expect: refused(401, 'user_unauthorized'),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: the server creates a private one',
    run: (c) => c.key.databases.createDocument(DB, 'guest_private', 'unique()', { title: 'Lorem' }),
    keep: 'privateDoc',
    pick: (d: Models.Document) => d.$permissions,
    expect: equal([]),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: a guest updates the public one',
    run: (c) =>
      c.guest.databases.updateDocument(DB, 'guest_public', id(c, 'guestDoc'), {
        title: 'Thor: Ragnarok',
      }),
    expect: like({ title: 'Thor: Ragnarok' }),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: a guest cannot update the private one',
    run: (c) =>
      c.guest.databases.updateDocument(DB, 'guest_private', id(c, 'privateDoc'), {
        title: 'Thor: Ragnarok',
      }),
    expect: refused(401, 'user_unauthorized'),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: a guest deletes the public one (204)',
    run: (c) => raw(c, null, 'DELETE', path('guest_public', id(c, 'guestDoc'))),
    pick: (r: RawAnswer) => r.status,
    expect: equal(204),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocument: a guest cannot delete the private one',
    run: (c) => c.guest.databases.deleteDocument(DB, 'guest_private', id(c, 'privateDoc')),
    expect: refused(401, 'user_unauthorized'),
  },
  {
    name: 'DatabasesPermissionsGuestTest::testWriteDocumentWithPermissions: a guest grants read("any")',
    run: (c) =>
      c.guest.databases.createDocument(DB, 'guest_write', 'unique()', { title: 'Thor: Ragnarok' }, [
        Permission.read(Role.any()),
      ]),
    pick: (d: Models.Document) => [d.title, d.$permissions],
    expect: equal(['Thor: Ragnarok', [Permission.read(Role.any())]]),
  },
];

/** DatabasesPermissionsMemberTest::permissionsProvider: the set and user1's running totals. */
const memberSets: [string[], number, number, number][] = [
  [[Permission.read(Role.any())], 1, 1, 1],
  [[Permission.read(Role.users())], 2, 2, 2],
  [[Permission.read(Role.user('random'))], 3, 3, 2],
  [
    [
      Permission.read(Role.user('lorem')),
      Permission.update(Role.user('lorem')),
      Permission.delete(Role.user('lorem')),
    ],
    4,
    4,
    2,
  ],
  [
    [
      Permission.read(Role.user('dolor')),
      Permission.update(Role.user('dolor')),
      Permission.delete(Role.user('dolor')),
    ],
    5,
    5,
    2,
  ],
  [
    [
      Permission.read(Role.user('dolor')),
      Permission.read(Role.user('lorem')),
      Permission.update(Role.user('dolor')),
      Permission.delete(Role.user('dolor')),
    ],
    6,
    6,
    2,
  ],
  [[Permission.update(Role.any()), Permission.delete(Role.any())], 7, 7, 2],
  [
    [Permission.read(Role.any()), Permission.update(Role.any()), Permission.delete(Role.any())],
    8,
    8,
    3,
  ],
  [
    [Permission.read(Role.any()), Permission.update(Role.users()), Permission.delete(Role.users())],
    9,
    9,
    4,
  ],
  [[Permission.read(Role.user('user1'))], 10, 10, 5],
  [[Permission.read(Role.user('user1')), Permission.read(Role.user('user1'))], 11, 11, 6],
  [
    [
      Permission.read(Role.users()),
      Permission.update(Role.users()),
      Permission.delete(Role.users()),
    ],
    12,
    12,
    7,
  ],
];

async function memberTotals(c: Context, permissions: string[]) {
  const totals: number[] = [];
  for (const collection of ['member_public', 'member_private', 'member_doconly']) {
    await c.key.databases.createDocument(
      DB,
      collection,
      'unique()',
      { title: 'Lorem' },
      permissions,
    );
    totals.push((await c.user1.databases.listDocuments(DB, collection)).total);
  }
  return totals;
}

export const memberRows: Row<Context>[] = memberSets.map(
  ([permissions, any, users, doconly]): Row<Context> => ({
    name: `DatabasesPermissionsMemberTest::testReadDocuments: ${permissions.join(', ')}`,
    run: (c) => memberTotals(c, permissions),
    expect: equal([any, users, doconly]),
  }),
);
