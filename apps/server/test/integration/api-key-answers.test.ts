import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { orderFields } from '../support/fixtures.js';
import { signedInUser } from '../support/sdk.js';
import { keyedSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ids } from '../support/shop.js';

/**
 * A key's write answers carry only what its read scopes allow (docs/limits.md, "API keys and the
 * import"): a `users.write` key gets no password hash nor a user's other fields back, a
 * `documents.write` key no order's phone or address; the `admin` label, and any write to an
 * admin, needs `users.admin`.
 */
let server: TestServer;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let order: { $id: string };
let writer: ServerSdk;
let reader: ServerSdk;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server, 'Alice');
  // Recorded as the import writes one: through the server's own storage.
  order = await server.app.databases.transaction(ids.database, (docs) =>
    docs.create(ids.orders, 'k1k2k3', orderFields(alice.me.$id, [], 1000), []),
  );
  writer = await keyedSdk(server, ['users.write', 'documents.write']);
  reader = await keyedSdk(server, ['users.read', 'documents.read']);
});
afterAll(() => server.close());

const scopeMissing = (scope: string) => ({
  code: 401,
  type: 'general_unauthorized_scope',
  message: `app.courtside@service.127.0.0.1 (role: applications) missing scope (${scope})`,
});
const SYSTEM = ['$collectionId', '$createdAt', '$databaseId', '$id', '$permissions', '$updatedAt'];

describe('a documents.write key without documents.read', () => {
  it("learns nothing of an order's fields from a no-op update", async () => {
    const answer = await writer.databases.updateDocument(ids.database, ids.orders, order.$id, {
      User_name: 'Ayesha Khan',
    });
    expect(Object.keys(answer).sort()).toEqual(SYSTEM);
    expect(JSON.stringify(answer)).not.toContain('0300 1234567');
    expect(answer.$id).toBe(order.$id);
  });

  it('gets the system fields alone when it creates a document', async () => {
    const page = await writer.databases.createDocument(ids.database, ids.pages, 'faq', {
      title: 'Made',
      body: 'By a key',
    });
    expect(Object.keys(page).sort()).toEqual(SYSTEM);
    // A key that reads documents still gets the whole document.
    const both = await keyedSdk(server, ['documents.read', 'documents.write']);
    const full = await both.databases.updateDocument(ids.database, ids.pages, 'faq', {
      body: 'Changed',
    });
    expect(full).toMatchObject({ title: 'Made', body: 'Changed' });
  });
});

describe('a users.write key without users.read', () => {
  it('gets no password hash nor private fields back from a write', async () => {
    const made = await writer.users.create('carol', 'carol@example.com', undefined, 'a-good-pass');
    expect(made).not.toHaveProperty('password');
    expect(made).not.toHaveProperty('hash');
    expect(made).not.toHaveProperty('hashOptions');
    const renamed = await writer.users.updateName(alice.me.$id, 'Alice B');
    expect(renamed).toEqual({
      $id: alice.me.$id,
      $createdAt: expect.any(String),
      $updatedAt: expect.any(String),
      name: 'Alice B',
    });
    const full = await reader.users.get(alice.me.$id);
    expect(full.password).toMatch(/^\$argon2id\$/);
    expect(full.email).toBe(alice.email);
  });

  it('cannot give or take the admin label, nor change an admin, without users.admin', async () => {
    await writer.users.create('mallory', 'mallory@example.com', undefined, 'a-good-pass');
    await expectError(writer.users.updateLabels('mallory', ['admin']), scopeMissing('users.admin'));
    expect((await reader.users.get('mallory')).labels).toEqual([]);
    // Other labels are users.write's to give.
    expect(await writer.users.updateLabels('mallory', ['vip'])).toMatchObject({ labels: ['vip'] });

    const admin = await keyedSdk(server, ['users.write', 'users.admin']);
    await admin.users.updateLabels('mallory', ['admin', 'vip']);
    await expectError(writer.users.updateLabels('mallory', []), scopeMissing('users.admin'));
    await expectError(
      writer.users.updatePassword('mallory', 'taken-over-now'),
      scopeMissing('users.admin'),
    );
    await expectError(
      writer.users.updateEmail('mallory', 'thief@example.com'),
      scopeMissing('users.admin'),
    );
    await expectError(writer.users.delete('mallory'), scopeMissing('users.admin'));
    expect((await reader.users.get('mallory')).email).toBe('mallory@example.com');
    await admin.users.updateLabels('mallory', []);
    await writer.users.delete('mallory');
  });
});
