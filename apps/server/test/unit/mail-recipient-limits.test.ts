import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/database.js';
import { MIGRATIONS } from '../../src/migrations.js';
import { mailModule, type HeldMessage } from '../../src/modules/mail/index.js';
import { manualClock } from '../../src/tools/clock.js';
import type { MailMessage, MailTransport } from '../../src/tools/mailer.js';
import { recipientKey } from '../../src/tools/recipient-key.js';
import { typedHtml, typedText } from '../../src/tools/typed-text.js';

let db: Database;
const opened: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  db = await connectDatabase({ kind: 'sqlite', file: ':memory:' }, MIGRATIONS);
});
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
  await db.close();
});

async function mailService(clock: ReturnType<typeof manualClock>) {
  const delivered: MailMessage[] = [];
  const transport: MailTransport = {
    async deliver(message) {
      delivered.push(message);
      return { delivered: 'smtp', id: String(delivered.length) };
    },
    close: () => undefined,
  };
  const module = await mailModule.create({
    db,
    clock,
    transport,
    policy: { baseSeconds: 30, capSeconds: 3600, maxAttempts: 4, leaseSeconds: 120 },
    limits: { perHour: 3, perDay: 10 },
    busy: () => false,
    pollSeconds: 3600,
    log: () => undefined,
  });
  opened.push(module);
  const held: HeldMessage[] = [];
  module.service.onHeld((h) => held.push(h));
  return { mail: module.service, delivered, held };
}

/** A message anyone could trigger; its subject says its kind (the outbox keeps no flags). */
const link = (to: string, over: Partial<MailMessage> = {}): MailMessage => ({
  to,
  subject: over.kind ?? 'magic-url',
  text: 'https://courtside.test/auth/magic-url?secret=x',
  kind: 'magic-url',
  limited: true,
  ...over,
});

describe('one key per recipient', () => {
  it('counts trivial spellings of an address or a number as one', () => {
    const gmail = [
      'Ayesha.Khan@gmail.com',
      'ayeshakhan+shoes@gmail.com',
      'a.y.e.s.h.a.khan@googlemail.com',
    ];
    expect(new Set(gmail.map(recipientKey))).toEqual(new Set(['ayeshakhan@gmail.com']));
    expect(recipientKey(' Bilal+x@Example.PK ')).toBe('bilal@example.pk');
    // Dots matter elsewhere.
    expect(recipientKey('bi.lal@example.pk')).toBe('bi.lal@example.pk');
    const phones = ['+923001234567', '03001234567', '923001234567', '0300-123 4567'];
    expect(new Set(phones.map(recipientKey))).toEqual(new Set(['+923001234567']));
    expect(recipientKey('+44 20 7946 0958')).toBe('+442079460958');
  });
});

describe('text a stranger typed', () => {
  it('is one line, cut to about 60 characters, and escaped for HTML', () => {
    const long = `Visit <a href="https://evil.example">my site</a>\n\nfor FREE shoes ${'x'.repeat(80)}`;
    const text = typedText(long);
    expect([...text]).toHaveLength(60);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toContain('\n');
    const html = typedHtml(long);
    expect(html).not.toMatch(/<a|<\/a>/);
    expect(html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
    expect(typedText('  Ali   Raza ')).toBe('Ali Raza');
  });
});

describe('messages to one recipient', () => {
  it('queues 3 an hour and 10 a day of one kind, holds back the rest, answers alike', async () => {
    const clock = manualClock(new Date('2026-03-01T00:10:00.000Z'));
    const { mail, delivered, held } = await mailService(clock);
    const variants = ['victim@gmail.com', 'Vic.tim@gmail.com', 'victim+1@googlemail.com'];
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await mail.send(link(variants[i % 3]!)));
    expect(delivered).toHaveLength(3);
    expect(held).toHaveLength(6);
    expect(held[0]).toMatchObject({ kind: 'magic-url', to: 'victim@gmail.com' });
    expect(answers.slice(3).every((a) => a.delivered === 'held')).toBe(true);

    // Another kind, another recipient, and a message nobody could trigger go on.
    await mail.send(link('victim@gmail.com', { kind: 'recovery' }));
    await mail.send(link('someone@gmail.com'));
    await mail.send(link('victim@gmail.com', { kind: 'order-notice', limited: false }));
    expect(delivered).toHaveLength(6);

    // Each hour brings three more, up to ten in the day.
    for (let hour = 1; hour < 5; hour++) {
      clock.advance(3_600_000);
      for (let i = 0; i < 4; i++) await mail.send(link('victim@gmail.com'));
    }
    const links = () =>
      delivered.filter((m) => m.subject === 'magic-url' && m.to !== 'someone@gmail.com');
    expect(links()).toHaveLength(10);
    clock.advance(24 * 3_600_000);
    await mail.send(link('victim@gmail.com'));
    expect(links()).toHaveLength(11);
  });

  it('counts and leaves out held messages kept with a transaction', async () => {
    const clock = manualClock();
    const { mail, delivered, held } = await mailService(clock);
    const messages = Array.from({ length: 5 }, () => link('ayesha@example.pk'));
    const start = await db.write((k) => mail.keepWith(k, messages));
    await start();
    expect(delivered).toHaveLength(3);
    expect(held).toHaveLength(2);
  });

  it('sends a once-only message once per recipient ever, and not when it is held back', async () => {
    const clock = manualClock();
    const { mail, delivered } = await mailService(clock);
    const welcome = (to: string) => link(to, { kind: 'welcome-code', once: true });
    // A burst of the plain kind first fills the hour; the once-only kind counts on its own.
    for (let i = 0; i < 3; i++) await mail.send(link('zara@gmail.com', { kind: 'welcome-code' }));
    expect((await mail.send(welcome('zara@gmail.com'))).delivered).toBe('held');
    clock.advance(3_600_000);
    await mail.send(welcome('Za.ra+new@gmail.com'));
    clock.advance(3 * 86_400_000);
    await mail.send(welcome('zara@gmail.com'));
    expect(delivered.filter((m) => m.subject === 'welcome-code').map((m) => m.to)).toEqual([
      'zara@gmail.com',
      'zara@gmail.com',
      'zara@gmail.com',
      'Za.ra+new@gmail.com',
    ]);
  });

  it('lets a text message code through by the same limits', async () => {
    const { mail, held } = await mailService(manualClock());
    const answers = [];
    for (const to of ['+923001234567', '03001234567', '923001234567', '0300 1234567']) {
      answers.push(await mail.admit(to, 'sms-code'));
    }
    expect(answers).toEqual([true, true, true, false]);
    expect(held).toEqual([expect.objectContaining({ kind: 'sms-code', to: '0300 1234567' })]);
  });
});
