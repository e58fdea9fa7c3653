import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ADMIN_EMAIL: 'Owner@Courtside.test',
        ADMIN_PASSWORD: 'owner-password',
        ADMIN_NAME: 'Owner',
      },
    });
  });
  afterAll(() => server.close());

  it('creates the owner with the admin label, once', async () => {
    const owner = sdkUser(server);
    await owner.account.createEmailSession('owner@courtside.test', 'owner-password');
    const me = await owner.account.get();
    expect(me).toMatchObject({ name: 'Owner', labels: ['admin'], emailVerification: true });

    await owner.account.updatePassword('changed-password', 'owner-password');
    server = await server.restart();
    owner.client.setEndpoint(server.endpoint);
    // A restart neither duplicates the owner nor resets the password they chose.
    const again = sdkUser(server);
    await again.account.createEmailSession('owner@courtside.test', 'changed-password');
    expect((await again.account.get()).$id).toBe(me.$id);
  });
});

describe("someone else's account with the owner's e-mail", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const labelsOf = async (email: string, password: string) => {
    const user = sdkUser(server);
    await user.account.createEmailSession(email, password);
    return (await user.account.get()).labels;
  };

  it('is not promoted at start: the shop starts without that admin', async () => {
    const stranger = sdkUser(server);
    await stranger.account.create('unique()', 'boss@courtside.test', 'stranger-password');
    // A server started with the owner's settings on the same data.
    const started = await server.twin({
      env: { ADMIN_EMAIL: 'boss@courtside.test', ADMIN_PASSWORD: 'the-real-owner-pw' },
    });
    try {
      expect(await labelsOf('boss@courtside.test', 'stranger-password')).toEqual([]);
      await expectError(
        sdkUser(started).account.createEmailSession('boss@courtside.test', 'the-real-owner-pw'),
        { code: 401, type: 'user_invalid_credentials' },
      );
    } finally {
      await started.close();
    }
  });
});
