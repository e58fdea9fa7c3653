import { statsDayId } from '@courtside/shop';
import { Query } from 'appwrite';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/tools/clock.js';
import { recipientKey } from '../../src/tools/recipient-key.js';
import { raw } from '../support/expect-error.js';
import { readMails } from '../support/outbox.js';
import { sdkUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { OWNER, ids } from '../support/shop.js';

/**
 * Messages to one address or number (docs/limits.md): whatever a stranger can make the shop
 * send by typing an address or a number reaches one recipient at most 3 times an hour per kind,
 * however it is spelled and from however many client addresses; the rest are held back, the
 * answers unchanged, and counted on the dashboard's figures.
 */

const clock = manualClock(new Date('2026-03-01T10:00:00.000Z'));
let server: TestServer;
let admin: SdkUser;
const CLIENTS = ['198.51.100.1', '198.51.100.2', '203.0.113.3', '203.0.113.4', '192.0.2.5'];

beforeAll(async () => {
  server = await startTestServer({
    clock,
    env: {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      RECIPIENT_MESSAGES_PER_HOUR: '3',
      RECIPIENT_MESSAGES_PER_DAY: '10',
      RATE_LIMITS: 'on',
      // The test server trusts 127.0.0.1 as its proxy: X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
    },
  });
  admin = sdkUser(server);
  await admin.account.createEmailSession(OWNER.email, OWNER.password);
});
afterAll(() => server.close());

const post = (path: string, body: object, from: string, cookie?: string) =>
  raw(`${server.endpoint}${path}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** The e-mails delivered to any spelling of `address` whose subject matches. */
async function mailsTo(address: string, subject: RegExp) {
  await server.app.shop!.idle();
  return (await readMails(server.dataDir)).filter(
    (m) => recipientKey(m.to) === recipientKey(address) && subject.test(m.subject),
  );
}

/** Today's "Messages held back" as the dashboard reads it (the stats day document). */
async function heldToday(): Promise<number> {
  await server.app.shop!.idle();
  const list = await admin.databases.listDocuments(ids.database, ids.stats, [
    Query.equal('$id', [statsDayId(clock.now())]),
  ]);
  return Number(list.documents[0]?.held ?? 0);
}

/** What an answer looks like apart from the values that differ every time. */
const shape = (a: { status: number; body: Record<string, unknown> | null }) =>
  `${a.status} ${Object.keys(a.body ?? {})
    .sort()
    .join()}`;

/** Each answer has the same shape as the first; returns that shape. */
function sameAnswers(answers: { status: number; body: Record<string, unknown> | null }[]) {
  const first = shape(answers[0]!);
  expect(answers.map(shape)).toEqual(answers.map(() => first));
  return first;
}

describe('messages to one address or number', () => {
  it('sends one victim 3 of 20 subscriptions from five clients, the rest held and counted', async () => {
    const victim = 'victim.khan@gmail.com';
    const spellings = [
      victim,
      'VictimKhan@gmail.com',
      'victim.khan+deal@googlemail.com',
      'v.i.c.t.i.m.khan@gmail.com',
    ];
    const heldBefore = await heldToday();
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const email = spellings[i % spellings.length]!;
      const data = { documentId: 'unique()', data: { email } };
      answers.push(
        await post(`/databases/shop/collections/subscribers/documents`, data, CLIENTS[i % 5]!),
      );
    }
    expect(sameAnswers(answers)).toMatch(/^201 /);
    const mails = await mailsTo(victim, /subscribed|code/);
    expect(mails).toHaveLength(3);
    // The code once; the later subscriptions are only thanked.
    expect(mails.filter((m) => /% code/.test(m.subject))).toHaveLength(1);
    expect(await heldToday()).toBe(heldBefore + 17);
    // Counting the figures again from the data keeps them: nothing else records them.
    await server.app.shop!.rebuildStats();
    expect(await heldToday()).toBe(heldBefore + 17);

    // Days later, unsubscribed and subscribed again: thanked, and no new code, ever.
    clock.advance(3 * 86_400_000);
    const subscribers = await admin.databases.listDocuments(ids.database, ids.subscribers);
    for (const s of subscribers.documents) {
      await admin.databases.deleteDocument(ids.database, ids.subscribers, s.$id);
    }
    const again = await post(
      `/databases/shop/collections/subscribers/documents`,
      { documentId: 'unique()', data: { email: 'Victim.Khan+again@gmail.com' } },
      CLIENTS[0]!,
    );
    expect(again.status).toBe(201);
    const later = await mailsTo(victim, /subscribed|code/);
    expect(later).toHaveLength(4);
    expect(later.at(-1)!.subject).toBe('You are subscribed to Courtside');
    expect(later.filter((m) => /% code/.test(m.subject))).toHaveLength(1);
  });

  it('holds sign-in links, resets, verifications, sign-up notices and SMS codes alike', async () => {
    clock.advance(2 * 3_600_000);
    const heldBefore = await heldToday();
    const victim = 'sana.malik@example.pk';
    const password = 'correct horse battery';
    // Someone signs up with the victim's address and asks, again and again, for its link.
    const signup = { userId: 'unique()', email: victim, password, name: 'Sana' };
    expect((await post('/account', signup, CLIENTS[0]!)).status).toBe(201);
    const login = await post('/account/sessions/email', { email: victim, password }, CLIENTS[0]!);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const url = 'http://localhost/account/verify-email';
    const verifications = [];
    for (let i = 0; i < 10; i++) {
      verifications.push(await post('/account/verification', { url }, CLIENTS[i % 5]!, cookie));
    }
    expect(sameAnswers(verifications)).toMatch(/^201 /);
    expect(await mailsTo(victim, /^Confirm your e-mail/)).toHaveLength(3);

    // Signing up again with it (each tells the address's owner), resets and sign-in links.
    const spellings = [
      victim,
      'Sana.Malik@example.pk',
      'sana.malik+x@example.pk',
      'SANA.MALIK@EXAMPLE.PK',
    ];
    const signups = [];
    for (let i = 0; i < 5; i++) signups.push(await post('/account', signup, CLIENTS[i]!));
    expect(sameAnswers(signups)).toMatch(/^201 /);
    // Resets: ten an hour per address is the route's own limit (docs/protocol.md §9).
    const resets = [];
    for (let i = 0; i < 10; i++) {
      const reset = { email: i % 2 ? victim : victim.toUpperCase(), url: 'http://localhost/reset' };
      resets.push(await post('/account/recovery', reset, CLIENTS[i % 5]!));
    }
    const links = [];
    for (let i = 0; i < 12; i++) {
      const email = spellings[i % 4]!;
      const magic = { userId: 'unique()', email, url: 'http://localhost/auth/magic-url' };
      links.push(await post('/account/sessions/magic-url', magic, CLIENTS[i % 5]!));
    }
    expect(sameAnswers(resets)).toMatch(/^201 /);
    expect(sameAnswers(links)).toMatch(/^201 /);
    expect(await mailsTo(victim, /account$/)).toHaveLength(3);
    expect(await mailsTo(victim, /^Reset your/)).toHaveLength(3);
    expect(await mailsTo(victim, /sign-in link$/)).toHaveLength(3);

    // A phone number in its three spellings is one number.
    const phone = '+923001234567';
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        await post('/account/sessions/phone', { userId: 'unique()', phone }, CLIENTS[i % 5]!),
      );
    }
    expect(sameAnswers(codes)).toMatch(/^201 /);
    expect(await smsTo(phone)).toBe(3);

    expect(await heldToday()).toBe(heldBefore + 7 + 2 + 7 + 9 + 3);
    // The next hour brings three more of each, no more.
    clock.advance(3_600_000);
    for (let i = 0; i < 5; i++)
      await post(
        '/account/recovery',
        { email: victim, url: 'http://localhost/reset' },
        CLIENTS[i]!,
      );
    expect(await mailsTo(victim, /^Reset your/)).toHaveLength(6);
  });
});

/** How many text messages went to `phone`. */
async function smsTo(phone: string): Promise<number> {
  const dir = join(server.dataDir, 'sms-outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
  return texts.filter((t) => t.includes(`To: ${phone}\n`)).length;
}
