import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const root = resolve(import.meta.dirname, '../..');

/** `npm run admin -- ...` as the owner types it, on the test server's data. */
function adminCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const db = server.app.config.database;
  const env = {
    ...process.env,
    DATA_DIR: server.dataDir,
    DATABASE_URL: db.kind === 'postgres' ? db.url : `sqlite:${db.file}`,
  };
  return new Promise((done) => {
    execFile(
      resolve(root, '../../node_modules/.bin/tsx'),
      ['--conditions=source', 'src/cli/admin.ts', ...args],
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
