import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { readMails } from '../support/outbox.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { startSmtpCatcher } from '../support/smtp-catcher.js';

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

describe('when SMTP delivers', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let mailing: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    mailing = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Courtside <shop@courtside.test>' },
    });
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });

  it('sends the e-mail through the SMTP server, link and all, and nothing to the outbox', async () => {
    const user = await signedInUser(mailing, 'Sana Mir');
    const token = await sdkUser(mailing).account.createRecovery(user.email, 'http://localhost/r');
    expect(token).toMatchObject({ userId: user.me.$id, secret: '' });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail).toMatchObject({ from: 'shop@courtside.test', to: [user.email.toLowerCase()] });
    const body = mail.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(/^Subject: Reset your Courtside password$/m);
    expect(body).toContain('Hello Sana Mir,');
    expect(body).toMatch(
      new RegExp(`http://localhost/r\\?userId=${user.me.$id}&secret=[0-9a-f]{64}`),
    );
    expect(await readMails(mailing.dataDir)).toEqual([]);
  });
});
