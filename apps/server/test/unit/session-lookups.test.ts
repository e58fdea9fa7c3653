import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { AccountDeps } from '../../src/modules/account/context.js';
import { liveSession } from '../../src/modules/account/sessions/session-lookups.js';
import { manualClock } from '../../src/tools/clock.js';
import { createEventBus } from '../../src/tools/events.js';
import { testPasswords } from '../support/passwords.js';

let db: Database;
let dir = '';
let statements = 0;
const clock = manualClock(new Date('2026-11-28T10:00:00.000Z'));

// Counts the statements the lookups send.
const counting: KyselyPlugin = {
  transformQuery: (args) => {
    statements += 1;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const deps = (): AccountDeps =>
  ({
    db: { ...db, kysely: db.kysely.withPlugin(counting) },
    clock,
    events: createEventBus(),
    settings: {
      projectId: 'p',
      sessionDurationSeconds: 3600,
      maxSessions: 10,
      adminLabel: 'admin',
      secret: 's',
    },
    passwords: testPasswords,
  }) as AccountDeps;

const turn = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'courtside-sessions-'));
  db = openDatabase({ kind: 'sqlite', file: join(dir, 'shop.db') });
  const k = db.kysely;
  await sql`CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT)`.execute(k);
  await sql`CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT, secret_hash TEXT, expire TEXT)`.execute(
    k,
  );
  await sql`INSERT INTO users VALUES ('ann', 'Ann'), ('bob', 'Bob'), ('cy', 'Cy')`.execute(k);
  await sql`INSERT INTO sessions VALUES
    ('s-ann', 'ann', 'h-ann', '2026-11-29T00:00:00.000+00:00'),
    ('s-ann2', 'ann', 'h-ann2', '2026-11-29T00:00:00.000+00:00'),
    ('s-bob', 'bob', 'h-bob', '2026-11-29T00:00:00.000+00:00'),
    ('s-cy', 'cy', 'h-cy', '2026-11-28T09:00:00.000+00:00')`.execute(k);
  statements = 0;
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the live sessions of one turn, read by one statement', () => {
  it("answers each caller with its own session and user, and nobody with another's", async () => {
    const d = deps();
    const answers = await Promise.all([
      liveSession(d, { userId: 'ann', secretHash: 'h-ann' }),
      liveSession(d, { userId: 'ann', secretHash: 'h-ann2' }),
      liveSession(d, { userId: 'bob', secretHash: 'h-bob' }),
      liveSession(d, { userId: 'bob', id: 's-bob' }),
      // One user's id with another's secret, or another's session id: nobody.
      liveSession(d, { userId: 'ann', secretHash: 'h-bob' }),
      liveSession(d, { userId: 'bob', id: 's-ann' }),
      // Expired an hour ago.
      liveSession(d, { userId: 'cy', secretHash: 'h-cy' }),
      liveSession(d, { userId: 'nobody', secretHash: 'h-none' }),
    ]);
    expect(answers.map((a) => a && `${a.name}/${a.session_id}`)).toEqual([
      'Ann/s-ann',
      'Ann/s-ann2',
      'Bob/s-bob',
      'Bob/s-bob',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(statements).toBe(1);
  });

  it('reads again in the next turn, so a session ended in between is gone', async () => {
    const d = deps();
    expect((await liveSession(d, { userId: 'ann', secretHash: 'h-ann' }))?.session_id).toBe(
      's-ann',
    );
    await sql`DELETE FROM sessions WHERE id = 's-ann'`.execute(db.kysely);
    await turn();
    expect(await liveSession(d, { userId: 'ann', secretHash: 'h-ann' })).toBeUndefined();
    expect(statements).toBe(2);
  });

  it("fails every caller of a statement that failed, and the next turn's read works", async () => {
    const d = deps();
    await sql`ALTER TABLE sessions RENAME TO sessions_away`.execute(db.kysely);
    const failed = await Promise.allSettled([
      liveSession(d, { userId: 'ann', secretHash: 'h-ann' }),
      liveSession(d, { userId: 'bob', id: 's-bob' }),
    ]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    await sql`ALTER TABLE sessions_away RENAME TO sessions`.execute(db.kysely);
    expect((await liveSession(d, { userId: 'bob', id: 's-bob' }))?.name).toBe('Bob');
  });

  it('asks at most a hundred sessions per statement', async () => {
    const d = deps();
    const many = Array.from({ length: 250 }, (_, i) =>
      liveSession(d, { userId: 'ann', secretHash: i === 249 ? 'h-ann' : `h-${i}` }),
    );
    const answers = await Promise.all(many);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(statements).toBe(3);
  });
});
