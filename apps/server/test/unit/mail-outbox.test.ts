import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/database.js';
import { MIGRATIONS } from '../../src/migrations.js';
import { mailModule, type MailChange, type MailService } from '../../src/modules/mail/index.js';
import { backoffSeconds, type RetryPolicy } from '../../src/modules/mail/outbox.js';
import { manualClock } from '../../src/tools/clock.js';
import type { MailMessage, MailTransport } from '../../src/tools/mailer.js';

const policy: RetryPolicy = {
  baseSeconds: 30,
  capSeconds: 3600,
  maxAttempts: 4,
  leaseSeconds: 120,
};

/** A transport that is down until `up` is set, and counts what it delivered. */
function fakeTransport() {
  const state = { up: false, delivered: [] as MailMessage[], tries: 0 };
  const transport: MailTransport = {
    async deliver(message) {
      state.tries++;
      if (!state.up) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      state.delivered.push(message);
      return { delivered: 'smtp', id: String(state.delivered.length) };
    },
    close: () => undefined,
  };
  return { state, transport };
}

let db: Database;
const opened: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  db = await connectDatabase({ kind: 'sqlite', file: ':memory:' }, MIGRATIONS);
});
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
  await db.close();
});

async function mailService(
  clock: ReturnType<typeof manualClock>,
  transport: MailTransport,
  busy = () => false,
) {
  const module = await mailModule.create({
    db,
    clock,
    transport,
    policy,
    limits: { perHour: 3, perDay: 10 },
    busy,
    pollSeconds: 3600, // the test runs the queue itself (flush)
    log: () => undefined,
  });
  opened.push(module);
  return module.service;
}

const message = (over: Partial<MailMessage> = {}): MailMessage => ({
  to: 'ayesha@example.pk',
  subject: 'Your Courtside order #a1b2c3',
  text: 'Total: Rs.12,500',
  kind: 'order-confirmation',
  ...over,
});

describe('the mail queue', () => {
  it('waits twice as long after each failure, up to the cap', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => backoffSeconds(policy, n))).toEqual([
      30, 60, 120, 240, 3600, 3600,
    ]);
  });

  it('keeps a message the server cannot send, retries it when due, and tells of each change', async () => {
    const clock = manualClock();
    const { state, transport } = fakeTransport();
    const mail = await mailService(clock, transport);
    const changes: MailChange[] = [];
    mail.onChange((c) => changes.push(c));

    expect((await mail.send(message())).delivered).toBe('queued');
    expect(await mail.problems()).toMatchObject([
      { status: 'retrying', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:2525' },
    ]);
    await mail.flush(); // not due yet: 30 s
    expect(state.tries).toBe(1);
    clock.advance(30_000);
    await mail.flush();
    expect(state.tries).toBe(2);
    expect((await mail.problems())[0]).toMatchObject({ attempts: 2 });

    state.up = true;
    clock.advance(60_000);
    await mail.flush();
    expect(state.delivered.map((m) => m.subject)).toEqual(['Your Courtside order #a1b2c3']);
    expect(await mail.problems()).toEqual([]);
    // Once delivered, the body (a reset link, say) is not kept.
    const kept = await db.kysely
      .selectFrom('mail_outbox' as never)
      .select(['status', 'body_text', 'recipient'] as never)
      .execute();
    expect(kept).toEqual([{ status: 'sent', body_text: '', recipient: 'ayesha@example.pk' }]);
    expect(changes.map((c) => c.status)).toEqual(['retrying', 'retrying', 'sent']);
  });

  it('gives up after the last attempt, and sends again when asked', async () => {
    const clock = manualClock();
    const { state, transport } = fakeTransport();
    const mail = await mailService(clock, transport);
    const { id } = await mail.send(message());
    for (let i = 0; i < 6; i++) {
      clock.advance(3_600_000);
      await mail.flush();
    }
    expect(state.tries).toBe(policy.maxAttempts);
    expect(await mail.problems()).toMatchObject([{ id, status: 'failed', nextAttemptAt: null }]);

    state.up = true;
    expect(await mail.retry(id)).toBe(true);
    await mail.flush();
    expect(state.delivered).toHaveLength(1);
    expect(await mail.retry(id)).toBe(false); // delivered: nothing to send again
  });

  it('does not retry a message whose link expires before the next attempt', async () => {
    const clock = manualClock();
    const { state, transport } = fakeTransport();
    const mail = await mailService(clock, transport);
    const expiresAt = new Date(clock.now().getTime() + 10_000);
    await mail.send(message({ kind: 'recovery', expiresAt }));
    const [problem] = await mail.problems();
    expect(problem).toMatchObject({ status: 'failed', kind: 'recovery' });
    expect(problem!.lastError).toMatch(/not retried: the link in it expires first/);
    clock.advance(3_600_000);
    await mail.flush();
    expect(state.tries).toBe(1);
  });

  it('lets one of two processes sharing the database take each message', async () => {
    const clock = manualClock();
    const down = fakeTransport();
    const first = await mailService(clock, down.transport);
    for (let i = 0; i < 10; i++) await first.send(message({ subject: `Order ${i}` }));
    const a = fakeTransport();
    const b = fakeTransport();
    a.state.up = b.state.up = true;
    const processA: MailService = await mailService(clock, a.transport);
    const processB: MailService = await mailService(clock, b.transport);
    clock.advance(30_000);
    await Promise.all([processA.flush(), processB.flush()]);
    const subjects = [...a.state.delivered, ...b.state.delivered].map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 10 }, (_, i) => `Order ${i}`).sort());
  });

  it('forgets a message the owner dismissed', async () => {
    const clock = manualClock();
    const { transport } = fakeTransport();
    const mail = await mailService(clock, transport);
    const { id } = await mail.send(message());
    expect(await mail.dismiss(id)).toBe(true);
    expect(await mail.problems()).toEqual([]);
    expect(await mail.retry(id)).toBe(false);
  });

  it('sends many at once with four deliveries on their way at most, each kept and marked sent', async () => {
    let onTheWay = 0;
    let most = 0;
    const transport: MailTransport = {
      async deliver() {
        most = Math.max(most, ++onTheWay);
        await new Promise((r) => setTimeout(r, 5));
        onTheWay--;
        return { delivered: 'smtp', id: 'x' };
      },
      close: () => undefined,
    };
    const mail = await mailService(manualClock(new Date('2026-03-10T09:00:00Z')), transport);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => mail.send(message({ to: `c${i}@example.pk` }))),
    );
    expect(results.map((r) => r.delivered)).toEqual(Array(12).fill('smtp'));
    expect(most).toBe(4);
    const rows = await db.kysely
      .selectFrom('mail_outbox' as never)
      .select(['status', 'body_text'] as never[])
      .execute();
    expect(rows).toEqual(Array(12).fill({ status: 'sent', body_text: '' }));
  });

  it("keeps messages with the caller's transaction: none if it rolls back, all if it commits", async () => {
    const clock = manualClock(new Date('2026-03-10T09:00:00Z'));
    const up = fakeTransport();
    up.state.up = true;
    const mail = await mailService(clock, up.transport);
    const outbox = () =>
      db.kysely
        .selectFrom('mail_outbox' as never)
        .select(['subject'] as never[])
        .execute();
    await expect(
      db.write(async (k) => {
        await mail.keepWith(k, [message({ subject: 'Refused order' })]);
        throw new Error('the order was refused');
      }),
    ).rejects.toThrow('refused');
    expect(await outbox()).toEqual([]);
    const start = await db.write((k) =>
      mail.keepWith(k, [message({ subject: 'Placed' }), message({ subject: 'Notice' })]),
    );
    // Kept once committed, before any delivery was started.
    expect(await outbox()).toHaveLength(2);
    expect(up.state.tries).toBe(0);
    await start();
    expect(up.state.delivered.map((m) => m.subject)).toEqual(['Placed', 'Notice']);
  });

  it('delivers kept messages whose process stopped before starting them, once its hold lapses', async () => {
    const clock = manualClock(new Date('2026-03-10T09:00:00Z'));
    const gone = await mailService(clock, fakeTransport().transport);
    await db.write((k) => gone.keepWith(k, [message({ subject: 'Kept, never started' })]));
    const other = fakeTransport();
    other.state.up = true;
    const survivor = await mailService(clock, other.transport);
    await survivor.flush();
    expect(other.state.delivered).toEqual([]);
    clock.advance(policy.leaseSeconds * 1000);
    await survivor.flush();
    expect(other.state.delivered.map((m) => m.subject)).toEqual(['Kept, never started']);
  });

  it('holds at most 32 messages for their first attempt; the rest wait in the queue, not memory', async () => {
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const delivered: string[] = [];
    const transport: MailTransport = {
      async deliver(m) {
        await gate;
        delivered.push(m.subject);
        return { delivered: 'smtp', id: m.subject };
      },
      close: () => undefined,
    };
    const mail = await mailService(manualClock(new Date('2026-03-10T09:00:00Z')), transport);
    const started: Promise<void>[] = [];
    for (let i = 0; i < 17; i++) {
      const pair = [message({ subject: `Order ${i}` }), message({ subject: `Notice ${i}` })];
      const start = await db.write((k) => mail.keepWith(k, pair));
      started.push(start());
    }
    const unheld = await db.kysely
      .selectFrom('mail_outbox' as never)
      .select(['subject'] as never[])
      .where('lease_until' as never, 'is', null)
      .execute();
    expect(unheld).toEqual([{ subject: 'Order 16' }, { subject: 'Notice 16' }]);
    release();
    // The held ones go first; a queue run a moment later takes the rest.
    await Promise.all(started);
    expect(delivered).toHaveLength(34);
    expect(delivered.slice(32).sort()).toEqual(['Notice 16', 'Order 16']);
  });

  it("lets a busy process keep its orders' e-mails waiting, and deliver a few per queue run", async () => {
    const up = fakeTransport();
    up.state.up = true;
    const load = { busy: true };
    const mail = await mailService(manualClock(), up.transport, () => load.busy);
    const started: Promise<void>[] = [];
    for (let i = 0; i < 30; i++) {
      const start = await db.write((k) =>
        mail.keepWith(k, [message({ subject: `Order ${i}` }), message({ subject: `Notice ${i}` })]),
      );
      started.push(start());
    }
    expect(up.state.tries).toBe(0);
    await mail.flush();
    expect(up.state.delivered).toHaveLength(20);
    load.busy = false;
    await mail.flush();
    expect(up.state.delivered).toHaveLength(60);
    // Each order's start resolves once the queue has taken its messages.
    await Promise.all(started);
  });

  it('sends what a busy process left waiting a moment later, without waiting for the poll', async () => {
    const up = fakeTransport();
    up.state.up = true;
    const mail = await mailService(manualClock(), up.transport, () => true);
    const start = await db.write((k) => mail.keepWith(k, [message({ subject: 'Later' })]));
    // Resolves once the queue run a moment later has taken it (an order's later news waits).
    const started = start();
    expect(up.state.tries).toBe(0);
    await started;
    expect(up.state.delivered.map((m) => m.subject)).toEqual(['Later']);
    await mail.idle();
  });
});
