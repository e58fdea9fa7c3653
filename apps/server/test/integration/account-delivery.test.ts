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

const OWNER = { email: 'owner@mail-queue.test', password: 'owner-password-for-tests' };
const DELIVERIES = ['shop', 'deliveries'] as const;

let server: TestServer;
let smtpPort: number;
beforeAll(async () => {
  smtpPort = await deadPort();
  server = await startTestServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_URL: `http://127.0.0.1:${smtpPort}/sms`,
      MAIL_RETRY_SECONDS: '0.2',
      MAIL_ATTEMPTS: '3',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
  });
});
afterAll(() => server.close());

/** Polls until `check` passes (the queue retries on its own clock), for at most 10 s. */
async function eventually<T>(check: () => Promise<T>): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function owner() {
  const admin = sdkUser(server);
  await admin.account.createEmailSession(OWNER.email, OWNER.password);
  return admin;
}

describe('when the mail server is down', () => {
  it('keeps the e-mail, lists it for the owner only, and delivers it once the server is back', async () => {
    const user = await signedInUser(server);
    const token = await sdkUser(server).account.createRecovery(user.email, 'http://localhost/r');
    expect(token.userId).toBe(user.me.$id);
    expect(await readMails(server.dataDir)).toEqual([]);

    const admin = await owner();
    const listed = await eventually(async () => {
      const list = await admin.databases.listDocuments(...DELIVERIES);
      const mine = list.documents.find((d) => d.to === user.email.toLowerCase());
      expect(mine).toMatchObject({ kind: 'recovery', status: 'retrying' });
      return mine!;
    });
    expect(listed.subject).toBe('Reset your Courtside password');
    expect(listed.lastError).toMatch(/ECONNREFUSED/);
    await expectError(user.databases.listDocuments(...DELIVERIES), {
      code: 401,
      type: 'user_unauthorized',
    });

    // Given up after MAIL_ATTEMPTS: listed as failed, no longer retried.
    await eventually(async () => {
      const doc = await admin.databases.getDocument(...DELIVERIES, listed.$id);
      expect(doc).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    });

    // The owner sends it again once the mail server is back: delivered, link and all, and gone
    // from the list.
    const smtp = await startSmtpCatcher(smtpPort);
    try {
      await expectError(
        admin.databases.updateDocument(...DELIVERIES, listed.$id, { to: 'x@example.com' }),
        { code: 400, type: 'document_invalid_structure' },
      );
      await admin.databases.updateDocument(...DELIVERIES, listed.$id, { status: 'retrying' });
      await eventually(async () => expect(smtp.mails).toHaveLength(1));
      expect(smtp.mails[0]!.data).toMatch(/secret=3D|secret=/);
      await eventually(async () =>
        expect((await admin.databases.listDocuments(...DELIVERIES)).total).toBe(0),
      );
    } finally {
      await smtp.close();
    }
  });

  it('retries on its own and forgets what the owner deletes', async () => {
    const user = await signedInUser(server);
    await sdkUser(server).account.createRecovery(user.email, 'http://localhost/r');
    const admin = await owner();
    const doc = await eventually(async () => {
      const list = await admin.databases.listDocuments(...DELIVERIES);
      const mine = list.documents.find((d) => d.to === user.email.toLowerCase());
      expect(mine).toBeDefined();
      return mine!;
    });
    await admin.databases.deleteDocument(...DELIVERIES, doc.$id);
    // A later attempt does not bring it back: the queue has forgotten it.
    await new Promise((r) => setTimeout(r, 1000));
    const list = await admin.databases.listDocuments(...DELIVERIES);
    expect(list.documents.map((d) => d.$id)).not.toContain(doc.$id);
  });

  it('still answers a clear 500 for a text message that cannot be sent', async () => {
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
