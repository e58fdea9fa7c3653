import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { serverSdk } from '../support/server-sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const root = resolve(import.meta.dirname, '../..');

/**
 * `courtside admin ...` as the owner types it, on the test server's data: the built command
 * (dist/, as `tsc -b apps/server` leaves it), as an install runs it.
 */
function adminCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const db = server.app.config.database;
  const env = {
    ...process.env,
    DATA_DIR: server.dataDir,
    DATABASE_URL: db.kind === 'postgres' ? db.url : `sqlite:${db.file}`,
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['dist/cli/courtside.js', 'admin', ...args],
      { cwd: root, env },
      (error, out, err) => done({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

async function labelsOf(email: string, password: string) {
  const user = sdkUser(server);
  await user.account.createEmailSession(email, password);
  return (await user.account.get()).labels;
}

describe('npm run admin -- create', () => {
  it('creates a new owner with the admin label', async () => {
    const email = uniqueEmail('owner');
    const run = await adminCli(['create', '--email', email, '--password', 'owner-password-9']);
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining('Created') });
    expect(await labelsOf(email, 'owner-password-9')).toEqual(['admin']);
  }, 60_000);

  it("never promotes someone else's account without its password or --promote", async () => {
    const email = uniqueEmail('owner');
    await sdkUser(server).account.create('unique()', email, 'stranger-password', 'Stranger');

    const refused = await adminCli(['create', '--email', email, '--password', 'owner-password']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('was not');
    expect(refused.err).toContain('--promote');
    expect(await labelsOf(email, 'stranger-password')).toEqual([]);

    // The account's own password proves it is the caller's.
    const proved = await adminCli(['create', '--email', email, '--password', 'stranger-password']);
    expect(proved).toMatchObject({ code: 0, out: expect.stringContaining('Gave') });
    expect(await labelsOf(email, 'stranger-password')).toEqual(['admin']);
  }, 60_000);

  it('promotes without the password only when told --promote', async () => {
    const email = uniqueEmail('google-owner');
    await sdkUser(server).account.create('unique()', email, 'their-own-password');
    const run = await adminCli([
      'create',
      '--email',
      email,
      '--password',
      'not-their-password',
      '--promote',
    ]);
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining('Gave') });
    // The label, not the password: the account keeps the one it had.
    expect(await labelsOf(email, 'their-own-password')).toEqual(['admin']);
  }, 60_000);
});

describe('npm run admin -- key', () => {
  it('makes a key whose secret is shown once, lists it without it, and revokes it', async () => {
    const made = await adminCli([
      'key',
      'create',
      '--name',
      'Import script',
      '--scopes',
      'documents.read,files.read',
    ]);
    expect(made.code).toBe(0);
    const id = /\(id ([0-9a-f]+)\)/.exec(made.out)?.[1];
    const secret = /^([0-9a-f]{256})$/m.exec(made.out)?.[1];
    expect(id).toBeTruthy();
    expect(secret).toBeTruthy();
    const key = serverSdk(server, secret!);
    await key.databases.listDocuments('shop', 'products');

    const listed = await adminCli(['key', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(
        `${id}\\s+Import script\\s+documents\\.read,files\\.read\\s+\\S+ \\S+\\s+\\S+ \\S+\\s+active`,
      ),
    );
    expect(listed.out).not.toContain(secret);
    // Nothing of the secret is kept that could be shown: only its hash is stored.
    const rows = await server.app.db.kysely
      .withTables<{ api_keys: { secret_hash: string } }>()
      .selectFrom('api_keys')
      .select('secret_hash')
      .execute();
    expect(rows.map((r) => r.secret_hash)).not.toContain(secret);

    const revoked = await adminCli(['key', 'revoke', id!]);
    expect(revoked).toMatchObject({ code: 0, out: expect.stringContaining('is revoked since') });
    expect((await adminCli(['key', 'list'])).out).toMatch(new RegExp(`${id}.*revoked`));
    await expectError(key.databases.listDocuments('shop', 'products'), {
      code: 401,
      type: 'user_unauthorized',
    });
  }, 60_000);

  it('refuses unknown scopes, a missing name and unknown ids, saying what to do', async () => {
    const badScope = await adminCli(['key', 'create', '--name', 'x', '--scopes', 'users.read,db']);
    expect(badScope).toMatchObject({ code: 2, err: expect.stringContaining('Unknown scope: db') });
    expect(badScope.err).toContain('documents.write');
    const noName = await adminCli(['key', 'create', '--scopes', 'users.read']);
    expect(noName).toMatchObject({ code: 2, err: expect.stringContaining('--name') });
    const unknown = await adminCli(['key', 'revoke', 'nope']);
    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('no API key with id') });
  }, 60_000);
});
