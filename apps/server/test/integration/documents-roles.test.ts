import { Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, signedInAdmin } from '../support/documents.js';
import { expectError } from '../support/expect-error.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { lastMailTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Document-level permissions (docs/protocol.md §6.1, 6.2, 6.5) with documentSecurity on: every role
 * kind (guests, users, user:ID, label:NAME and the verified / unverified variants) grants read,
 * update and delete on exactly the documents that name it, in get, list and total.
 */
type Person = 'visitor' | 'verified' | 'plain' | 'other' | 'admin';
let server: TestServer;
const people = {} as Record<Person, SdkUser & { id?: string }>;
const notes: Record<string, string[]> = {};

beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile(), ...ADMIN_ENV } });
  people.visitor = sdkUser(server);
  people.admin = await signedInAdmin(server);
  for (const who of ['verified', 'plain', 'other'] as const) {
    const u = await signedInUser(server, who);
    people[who] = { ...u, id: u.me.$id };
  }
  const v = people.verified as Awaited<ReturnType<typeof signedInUser>>;
  await v.account.createVerification('http://localhost:3000/verify');
  const secret = linkIn(await lastMailTo(server.dataDir, v.email)).searchParams.get('secret')!;
  await v.account.updateVerification(v.me.$id, secret);
  expect((await v.account.get()).emailVerification).toBe(true);

  const V = people.verified.id!;
  const P = people.plain.id!;
  Object.assign(notes, {
    guests: ['read("guests")'],
    users: ['read("users")'],
    usersVerified: ['read("users/verified")'],
    usersUnverified: ['read("users/unverified")'],
    plainVerified: [`read("user:${P}/verified")`],
    plainUnverified: [`read("user:${P}/unverified")`],
    verifiedOnly: [`read("user:${V}/verified")`],
    admins: ['read("label:admin")'],
    updatable: ['read("any")', `update("user:${P}")`],
    deletable: ['read("any")', 'delete("users/verified")'],
  });
  // Written with system access: the rule that clients grant only roles they hold is tested below.
  await server.app.databases.transaction('lab', async (docs) => {
    for (const [id, permissions] of Object.entries(notes)) {
      await docs.create('notes', id, { body: id }, permissions);
    }
  });
});
afterAll(() => server.close());

const readers: Record<string, Person[]> = {
  guests: ['visitor'],
  users: ['verified', 'plain', 'other', 'admin'],
  // The owner made from ADMIN_EMAIL counts as verified.
  usersVerified: ['verified', 'admin'],
  usersUnverified: ['plain', 'other'],
  plainVerified: [],
  plainUnverified: ['plain'],
  verifiedOnly: ['verified'],
  admins: ['admin'],
  updatable: ['visitor', 'verified', 'plain', 'other', 'admin'],
  deletable: ['visitor', 'verified', 'plain', 'other', 'admin'],
};

describe('document-level roles', () => {
  it.each(['visitor', 'verified', 'plain', 'other', 'admin'] as Person[])(
    '%s reads exactly the documents that name one of its roles',
    async (who) => {
      const db = people[who].databases;
      const visible = Object.keys(readers).filter((id) => readers[id]!.includes(who));
      const list = await db.listDocuments('lab', 'notes');
      expect(list.documents.map((d) => d.$id).sort()).toEqual([...visible].sort());
      expect(list.total).toBe(visible.length);
      for (const id of Object.keys(readers)) {
        if (visible.includes(id)) expect((await db.getDocument('lab', 'notes', id)).body).toBe(id);
        else {
          await expectError(db.getDocument('lab', 'notes', id), {
            code: 404,
            type: 'document_not_found',
          });
        }
      }
    },
  );

  it('update("user:ID") lets that user change the document, and nobody else', async () => {
    for (const who of ['visitor', 'verified', 'other', 'admin'] as Person[]) {
      await expectError(
        people[who].databases.updateDocument('lab', 'notes', 'updatable', { body: who }),
        { code: 401, type: 'user_unauthorized' },
      );
    }
    const changed = await people.plain.databases.updateDocument('lab', 'notes', 'updatable', {
      body: 'changed by plain',
    });
    expect(changed.body).toBe('changed by plain');
    await expectError(people.plain.databases.deleteDocument('lab', 'notes', 'updatable'), {
      code: 401,
      type: 'user_unauthorized',
    });
  });

  it('delete("users/verified") lets verified users delete, and not the unverified', async () => {
    for (const who of ['visitor', 'plain', 'other'] as Person[]) {
      await expectError(people[who].databases.deleteDocument('lab', 'notes', 'deletable'), {
        code: 401,
        type: 'user_unauthorized',
      });
    }
    await expectError(
      people.verified.databases.updateDocument('lab', 'notes', 'deletable', { body: 'x' }),
      { code: 401, type: 'user_unauthorized' },
    );
    await people.verified.databases.deleteDocument('lab', 'notes', 'deletable');
    await expectError(people.admin.databases.getDocument('lab', 'notes', 'deletable'), {
      code: 404,
      type: 'document_not_found',
    });
  });

  it('clients grant only the verified variants they hold', async () => {
    const made = await people.verified.databases.createDocument(
      'lab',
      'notes',
      'unique()',
      { body: 'mine' },
      [
        Permission.read(Role.users('verified')),
        Permission.update(Role.user(people.verified.id!, 'verified')),
      ],
    );
    expect(made.$permissions).toEqual([
      'read("users/verified")',
      `update("user:${people.verified.id!}/verified")`,
    ]);
    await expectError(
      people.plain.databases.createDocument('lab', 'notes', 'unique()', { body: 'no' }, [
        Permission.read(Role.users('verified')),
      ]),
      { code: 401, type: 'user_unauthorized' },
    );
    await expectError(
      people.plain.databases.createDocument('lab', 'notes', 'unique()', { body: 'no' }, [
        Permission.read(Role.label('admin')),
      ]),
      { code: 401, type: 'user_unauthorized' },
    );
    await expectError(
      people.visitor.databases.createDocument('lab', 'notes', 'unique()', { body: 'no' }),
      { code: 401, type: 'user_unauthorized' },
    );
  });
});
