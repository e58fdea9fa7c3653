import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { readMails } from '../support/outbox.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** A port nothing listens on: the SMTP server and SMS gateway are "down". */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const address = s.address();
  await new Promise<void>((ok) => s.close(() => ok()));
  return typeof address === 'object' && address ? address.port : 1;
}

let server: TestServer;
beforeAll(async () => {
  const port = await deadPort();
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMS_URL: `http://127.0.0.1:${port}/sms` },
  });
});
afterAll(() => server.close());

describe('when delivery fails', () => {
  it('answers a clear 500 and writes nothing to the outbox', async () => {
    const user = await signedInUser(server);
    await expectError(sdkUser(server).account.createRecovery(user.email, 'http://localhost/r'), {
      code: 500,
      type: 'general_server_error',
      message: 'The e-mail could not be sent just now. Please try again in a few minutes.',
    });
    expect(await readMails(server.dataDir)).toEqual([]);
    await expectError(sdkUser(server).account.createPhoneSession('unique()', '+923001112233'), {
      code: 500,
      type: 'general_server_error',
      message: 'The SMS could not be sent just now. Please try again in a few minutes.',
    });
  });
});
