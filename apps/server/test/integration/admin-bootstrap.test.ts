import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

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

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
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
