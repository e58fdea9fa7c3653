import { ID } from 'appwrite';
import { InputFile } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey } from '../../src/modules/keys/index.js';
import { expectError, raw } from '../support/expect-error.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import { apiKey, keyedSdk, serverSdk } from '../support/server-sdk.js';
import type { TestServer } from '../support/server.js';
import { startStorageServer } from '../support/storage.js';
import { ids } from '../support/shop.js';

/**
 * API keys (docs/protocol.md §1.6, §1.11): node-appwrite with X-Appwrite-Key acts as the server
 * within the key's scopes, as 1.4 does; a key never rides with a session and never opens one.
 */
let server: TestServer;
let alice: SdkUser & { email: string; password: string };
let order: { $id: string };
let privateFile: { $id: string };

beforeAll(async () => {
  // The shop's schema plus a `tiny` bucket where each file is its uploader's alone.
  server = await startStorageServer({ env: { RATE_LIMITS: 'on' } });
  alice = await signedInUser(server, 'Alice');
  order = await alice.databases.createDocument(ids.database, ids.orders, ID.unique(), {
    user_id: 'alice',
    order_number: 'a1b2c3',
    User_name: 'Alice',
    address: 'House 1',
    phone: '+923001234567',
    email: alice.email,
    price: 1000,
    payment_type: 'Bank',
    products: ['[]'],
  });
  const bytes = new File(['for alice only'], 'note.txt', { type: 'text/plain' });
  privateFile = await alice.storage.createFile('tiny', ID.unique(), bytes);
});
afterAll(() => server.close());

const scopeMissing = (scope: string) => ({
  code: 401,
  type: 'general_unauthorized_scope',
  message: `app.courtside@service.127.0.0.1 (role: applications) missing scope (${scope})`,
});

describe('a key with read scopes', () => {
  it('reads documents and files whatever their permissions', async () => {
    const sdk = await keyedSdk(server, ['documents.read', 'files.read']);
    const orders = await sdk.databases.listDocuments(ids.database, ids.orders);
    expect(orders.documents.map((d) => d.$id)).toContain(order.$id);
    const one = await sdk.databases.getDocument(ids.database, ids.orders, order.$id);
    expect(one).toMatchObject({ $id: order.$id, email: alice.email });

    const files = await sdk.storage.listFiles('tiny');
    expect(files.files.map((f) => f.$id)).toContain(privateFile.$id);
    const bytes = await sdk.storage.getFileDownload('tiny', privateFile.$id);
    expect(Buffer.from(bytes).toString()).toBe('for alice only');

    // Nobody else sees them: the bypass is the key's, not the route's.
    const bob = await signedInUser(server, 'Bob');
    const theirs = await bob.databases.listDocuments(ids.database, ids.orders);
    expect(theirs.documents.map((d) => d.$id)).not.toContain(order.$id);
  });

  it('is refused every route outside its scopes, in 1.4 words', async () => {
    const sdk = await keyedSdk(server, ['documents.read']);
    await expectError(
      sdk.databases.createDocument(ids.database, ids.products, ID.unique(), { title: 'x' }),
      scopeMissing('documents.write'),
    );
    await expectError(sdk.storage.listFiles('images'), scopeMissing('files.read'));
    await expectError(sdk.users.list(), scopeMissing('users.read'));
    // The account routes are a person's: a key has neither `account` nor `public`.
    await expectError(sdk.account.get(), scopeMissing('account'));
  });
});

describe('a key with write scopes', () => {
  it('writes documents and files, granting any role', async () => {
    const sdk = await keyedSdk(server, [
      'documents.read',
      'documents.write',
      'files.read',
      'files.write',
    ]);
    const page = await sdk.databases.createDocument(
      ids.database,
      ids.pages,
      'faq',
      { title: 'FAQ', body: 'Questions' },
      ['read("user:someone")'],
    );
    // No creator to own it: the permissions are those given, none by default.
    expect(page.$permissions).toEqual(['read("user:someone")']);
    const changed = await sdk.databases.updateDocument(ids.database, ids.pages, 'faq', {
      body: 'Answers',
    });
    expect(changed).toMatchObject({ body: 'Answers' });
    await sdk.databases.deleteDocument(ids.database, ids.pages, 'faq');

    const file = await sdk.storage.createFile(
      'tiny',
      'from-the-key',
      InputFile.fromBuffer(Buffer.from('hello'), 'hello.txt'),
      ['read("user:someone")'],
    );
    expect(file).toMatchObject({ $id: 'from-the-key', $permissions: ['read("user:someone")'] });
    await sdk.storage.deleteFile('tiny', privateFile.$id);
    await expectError(alice.storage.getFile('tiny', privateFile.$id), {
      code: 404,
      type: 'storage_file_not_found',
    });
  });

  it('is held to no rate limit, as 1.4 holds no key', async () => {
    const sdk = await keyedSdk(server, ['documents.write']);
    const doc = { title: 'Terms', body: 'Terms of use' };
    // DELETE is 60 a minute for a person; a key's import or clean-up goes on.
    for (let i = 0; i < 65; i++) {
      await sdk.databases.createDocument(ids.database, ids.pages, 'terms', doc);
      await sdk.databases.deleteDocument(ids.database, ids.pages, 'terms');
    }
  }, 60_000);
});

describe('a key and a session', () => {
  it('are never accepted together', async () => {
    const { secret } = await apiKey(server, ['documents.read']);
    const token = JSON.parse(alice.client.jar.get('cookieFallback')!) as Record<string, string>;
    const url = `${server.endpoint}/databases/${ids.database}/collections/${ids.orders}/documents`;
    const refused = { status: 403, type: 'user_api_key_and_session_set' };
    const cookie = await raw(url, {
      headers: {
        'X-Appwrite-Key': secret,
        Cookie: `a_session_courtside=${token.a_session_courtside}`,
      },
    });
    expect({ status: cookie.status, type: cookie.body?.type }).toEqual(refused);
    const fallback = await raw(url, {
      headers: { 'X-Appwrite-Key': secret, 'X-Fallback-Cookies': JSON.stringify(token) },
    });
    expect({ status: fallback.status, type: fallback.body?.type }).toEqual(refused);
    const jwt = await alice.account.createJWT();
    const withJwt = serverSdk(server, secret);
    withJwt.client.setJWT(jwt.jwt);
    await expectError(withJwt.databases.listDocuments(ids.database, ids.orders), {
      code: 403,
      type: 'user_api_key_and_session_set',
    });
  });

  it('a key opens no session and sets no cookie', async () => {
    const { secret } = await apiKey(server, ['users.read', 'users.write']);
    const res = await raw(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'X-Appwrite-Key': secret },
      body: JSON.stringify({ email: alice.email, password: alice.password }),
    });
    expect({ status: res.status, message: res.body?.message }).toEqual({
      status: 401,
      message: scopeMissing('public').message,
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-fallback-cookies')).toBeNull();
    expect(res.text).not.toContain(secret);
  });
});

describe('a key that does not work', () => {
  const refused = {
    code: 401,
    type: 'user_unauthorized',
    message: 'The API key is unknown or has been revoked.',
  };

  it('is refused once revoked, on every route', async () => {
    const { id, secret } = await apiKey(server, ['documents.read', 'files.read']);
    const sdk = serverSdk(server, secret);
    await sdk.databases.listDocuments(ids.database, ids.products);
    await revokeKey(server.app.db, id, new Date());
    await expectError(sdk.databases.listDocuments(ids.database, ids.products), refused);
    await expectError(sdk.storage.listFiles('images'), refused);
  });

  it('is refused when unknown, rather than taken for a guest', async () => {
    const sdk = serverSdk(server, 'f'.repeat(256));
    // 1.4 would answer this as a guest, silently leaving out what guests may not read.
    await expectError(sdk.databases.listDocuments(ids.database, ids.products), refused);
  });
});
