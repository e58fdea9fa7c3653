import { Query } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../../src/import/progress.js';
import { runImport } from '../../src/import/run.js';
import { appwriteSource, type Source } from '../../src/import/source.js';
import type { UserModelIn } from '../../src/modules/account/index.js';
import { expectError, raw } from '../support/expect-error.js';
import { uniqueEmail } from '../support/sdk.js';
import { apiKey, keyedSdk, type ServerSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Stored password hashes may not ask more of a sign-in than real projects' do (hash-bounds.ts,
 * PASSWORD_*): one above the bounds is refused, naming the bound, whether it comes through the
 * users API or the import, and one already stored is never checked.
 */
let server: TestServer;
let sdk: ServerSdk;
beforeAll(async () => {
  server = await startTestServer();
  sdk = await keyedSdk(server, ['users.read', 'users.write']);
});
afterAll(() => server.close());

/** bcryptjs.hashSync('medium-password-10', 10): its cost is raised below without rehashing. */
const BCRYPT_10 = '$2b$10$aPObFN5r5xj7cWVRug73O.3xrZUYcuHFl2KEUKxosA2kA4AEtoEWe';
const withCost = (cost: number) => BCRYPT_10.replace('$10$', `$${cost}$`);
const SALT_AND_HASH = 'c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';

describe('the users API', () => {
  it('refuses a bcrypt hash of cost 20, naming the limit', async () => {
    const email = uniqueEmail('bcrypt20');
    await expectError(sdk.users.createBcryptUser('unique()', email, withCost(20)), {
      code: 400,
      type: 'general_argument_invalid',
      message:
        "Invalid `password` param: The hash asks too much of every sign-in: bcrypt cost 20 is above this shop's limit of 14",
    });
    expect((await sdk.users.list([Query.equal('email', [email])])).total).toBe(0);
    // At the bound it is taken.
    const user = await sdk.users.createBcryptUser('unique()', email, withCost(14));
    expect(user.hash).toBe('bcrypt');
  });

  it('refuses phpass past 2^13 iterations, argon2 and scrypt past 64 MiB or 256 MiB of work', async () => {
    const email = uniqueEmail('heavy');
    const tooMuch = (message: string, param = 'password') => ({
      code: 400,
      type: 'general_argument_invalid',
      message: `Invalid \`${param}\` param: The hash asks too much of every sign-in: ${message}`,
    });
    // '$P$K': 2^22 rounds of MD5, the hash that held a server for 12 seconds.
    await expectError(
      sdk.users.createPHPassUser('unique()', email, '$P$K' + BCRYPT_10.slice(-30)),
      tooMuch("phpass 2^22 iterations are above this shop's limit of 2^13"),
    );
    await expectError(
      sdk.users.createPHPassUser('unique()', email, withCost(15)),
      tooMuch("bcrypt cost 15 is above this shop's limit of 14"),
    );
    await expectError(
      sdk.users.createArgon2User(
        'unique()',
        email,
        `$argon2id$v=19$m=131072,t=2,p=1$${SALT_AND_HASH}`,
      ),
      tooMuch("128 MiB of memory, above this shop's limit of 64 MiB"),
    );
    await expectError(
      sdk.users.createArgon2User(
        'unique()',
        email,
        `$argon2id$v=19$m=65536,t=8,p=1$${SALT_AND_HASH}`,
      ),
      tooMuch("512 MiB of memory passed over, above this shop's limit of 256 MiB"),
    );
    await expectError(
      sdk.users.createScryptUser('unique()', email, 'ab'.repeat(32), 'salt', 2 ** 20, 8, 1, 32),
      tooMuch("1024 MiB of memory, above this shop's limit of 64 MiB", 'passwordMemory'),
    );
    await expectError(
      sdk.users.createScryptUser('unique()', email, 'ab'.repeat(32), 'salt', 2 ** 16, 8, 16, 32),
      tooMuch(
        "2048 MiB of memory passed over, above this shop's limit of 256 MiB",
        'passwordParallel',
      ),
    );
    expect((await sdk.users.list([Query.equal('email', [email])])).total).toBe(0);
  });
});

describe('the import', () => {
  it('refuses a user whose bcrypt hash has cost 20, and writes nothing', async () => {
    const key = await apiKey(server, ['databases.read', 'collections.read', 'buckets.read']);
    const email = uniqueEmail('imported20');
    const model: UserModelIn = {
      $id: 'heavy_hash',
      $createdAt: '2024-01-02T03:04:05.000+00:00',
      $updatedAt: '2024-01-02T03:04:05.000+00:00',
      name: 'Heavy',
      password: withCost(20),
      hash: 'bcrypt',
      hashOptions: { type: 'bcrypt' },
      registration: '2024-01-02T03:04:05.000+00:00',
      status: true,
      labels: [],
      passwordUpdate: '2024-01-02T03:04:05.000+00:00',
      email,
      phone: '',
      emailVerification: true,
      phoneVerification: false,
      prefs: {},
    };
    // The old project: this shop's own schema (so it matches), one user, nothing else.
    const source: Source = {
      ...appwriteSource(server.endpoint, 'courtside', key.secret),
      async *users() {
        yield [model];
      },
      async *documents() {},
      async *files() {},
    };
    const { database, products, orders, subscribers, bucket } = server.app.config.ids;
    const report = await runImport(source, server.app, {
      ids: { database, products, orders, subscribers, bucket },
      dryRun: false,
      progress: silentProgress,
    });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `user heavy_hash (${email}): its password hash is refused: The hash asks too much of every sign-in: bcrypt cost 20 is above this shop's limit of 14`,
    ]);
    await expectError(sdk.users.get('heavy_hash'), { code: 404, type: 'user_not_found' });
  });
});

describe('a stored hash above the bounds', () => {
  it('is never checked: the sign-in fails at once', async () => {
    const email = uniqueEmail('stored16');
    // Stored as an import of an earlier version would have stored it (no check).
    await server.app.account.importUser({
      id: 'stored_sixteen',
      created_at: '2024-01-02T03:04:05.000+00:00',
      updated_at: '2024-01-02T03:04:05.000+00:00',
      name: '',
      email,
      phone: null,
      // bcryptjs.hashSync('heavy-password-16', 16): 8 s a check on this machine.
      password_hash: '$2b$16$H/Ka0D0MXSxtNg0kkmD93efrMq1AgwXqvZn8dQeTPo4G/KEIohA3K',
      password_algorithm: 'bcrypt',
      password_options: '{}',
      password_updated_at: '2024-01-02T03:04:05.000+00:00',
      registration: '2024-01-02T03:04:05.000+00:00',
      status: 1,
      labels: '[]',
      email_verification: 0,
      phone_verification: 0,
      prefs: '{}',
      accessed_at: '2024-01-02T03:04:05.000+00:00',
    });
    const started = Date.now();
    const res = await raw(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      body: JSON.stringify({ email, password: 'heavy-password-16' }),
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ type: 'user_invalid_credentials' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
