import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/database.js';
import { MIGRATIONS } from '../../src/migrations.js';
import {
  ensureConfiguredAdmin,
  findUserByEmail,
  insertUser,
  refusedAdminMessage,
  type AccountDeps,
} from '../../src/modules/account/index.js';
import { DEMO_ADMIN, describeSeed, type SeedResult } from '../../src/shop/seed/seed.js';
import { systemClock } from '../../src/tools/clock.js';
import { createEventBus } from '../../src/tools/events.js';
import { testPasswords } from '../support/passwords.js';

let db: Database;
let deps: AccountDeps;
beforeAll(async () => {
  db = await connectDatabase({ kind: 'sqlite', file: ':memory:' }, MIGRATIONS);
  deps = {
    db,
    clock: systemClock,
    events: createEventBus(),
    settings: {
      projectId: 'courtside',
      sessionDurationSeconds: 3600,
      maxSessions: 10,
      adminLabel: 'admin',
      secret: 'x'.repeat(32),
    },
    passwords: testPasswords,
  };
});
afterAll(() => db.close());

const ctx = { ip: '127.0.0.1', userAgent: 'test' };

function fakeLog() {
  const lines: { level: 'info' | 'error'; info: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (info: Record<string, unknown>, message: string) =>
      void lines.push({ level: 'info', info, message }),
    error: (info: Record<string, unknown>, message: string) =>
      void lines.push({ level: 'error', info, message }),
  };
}

describe('ADMIN_EMAIL at start', () => {
  it("logs an error saying what to do, and leaves a stranger's account as it was", async () => {
    await insertUser(
      deps,
      { id: 'unique()', email: 'boss@example.pk', password: 'stranger-pass', name: 'X' },
      ctx,
    );
    const log = fakeLog();
    const admin = { email: 'boss@example.pk', password: 'owner-password', name: 'Owner' };
    expect(await ensureConfiguredAdmin(deps, admin, log)).toBe('refused');
    expect(log.lines).toEqual([
      {
        level: 'error',
        info: { email: 'boss@example.pk' },
        message: refusedAdminMessage(admin.email),
      },
    ]);
    expect(log.lines[0]!.message).toMatch(/NOT made an admin.*ADMIN_PASSWORD.*npm run admin/s);
    const stranger = await findUserByEmail(deps, 'boss@example.pk');
    expect(JSON.parse(stranger!.labels)).toEqual([]);
  });

  it('promotes an existing account whose password ADMIN_PASSWORD is', async () => {
    await insertUser(
      deps,
      { id: 'unique()', email: 'mine@example.pk', password: 'owner-password', name: 'Me' },
      ctx,
    );
    const log = fakeLog();
    const admin = { email: 'mine@example.pk', password: 'owner-password', name: 'Owner' };
    expect(await ensureConfiguredAdmin(deps, admin, log)).toBe('promoted');
    expect(log.lines.map((l) => l.level)).toEqual(['info']);
    expect(JSON.parse((await findUserByEmail(deps, 'mine@example.pk'))!.labels)).toEqual(['admin']);
  });
});

describe('the demo logins printed after seeding', () => {
  const base: SeedResult = {
    products: 30,
    files: 90,
    orders: 8,
    admin: { email: DEMO_ADMIN.email, password: 'Zq3-random-pass1' },
    customer: { email: 'customer@courtside.test', password: 'Kd9_random_pass2' },
  };

  it('shows the demo password only when it signs in as the owner', () => {
    expect(describeSeed(base, 'http://localhost:3000/')).toContain(
      `${DEMO_ADMIN.email} / ${'Zq3-random-pass1'}`,
    );
    const changed = describeSeed(
      { ...base, admin: { email: DEMO_ADMIN.email, password: null } },
      'http://localhost:3000/',
    );
    expect(changed).not.toContain('Zq3-random-pass1');
    const refused = describeSeed(
      { ...base, admin: { email: DEMO_ADMIN.email, password: null, refused: true } },
      'http://localhost:3000/',
    );
    expect(refused).not.toContain('Zq3-random-pass1');
    expect(refused).toMatch(/Owner \(dashboard\):\s+none: /);
    expect(refused).toContain('npm run admin -- create');
  });
});
