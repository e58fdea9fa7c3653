import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { lastMailTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      PUBLIC_URL: 'https://shop.example.pk',
      OAUTH_OIDC_ISSUER: 'https://id.example.pk',
      OAUTH_OIDC_CLIENT_ID: 'shop',
      OAUTH_OIDC_CLIENT_SECRET: 'secret',
    },
  });
});
afterAll(() => server.close());

const foreign = {
  code: 400,
  type: 'general_argument_invalid',
  message: /URL host must be one of: shop\.example\.pk$/,
};

describe('a shop on a public host (docs/shop.md#accounts: links only to its own host)', () => {
  it('refuses links and redirects to localhost and elsewhere', async () => {
    const user = await signedInUser(server);
    const guest = sdkUser(server);
    for (const url of ['http://localhost/reset', 'http://127.0.0.1:3000/r', 'http://[::1]/r']) {
      await expectError(guest.account.createRecovery(user.email, url), foreign);
      await expectError(user.account.createVerification(url), foreign);
      await expectError(guest.account.createMagicURLSession('unique()', user.email, url), foreign);
      const oauth = await raw(
        `${server.endpoint}/account/sessions/oauth2/oidc?success=${encodeURIComponent(url)}`,
      );
      expect(oauth.status).toBe(400);
      expect(oauth.body?.message).toMatch(foreign.message);
    }
  });

  it("sends links to the shop's own pages", async () => {
    const user = await signedInUser(server);
    await sdkUser(server).account.createRecovery(user.email, 'https://shop.example.pk/reset');
    expect(linkIn(await lastMailTo(server.dataDir, user.email)).origin).toBe(
      'https://shop.example.pk',
    );
  });
});
