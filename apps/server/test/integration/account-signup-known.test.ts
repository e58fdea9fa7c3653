import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountTables } from '../../src/modules/account/index.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A sign-up with an address that already has an account does a new account's work, so that
 * its time does not tell the address is known (signup.ts; `npm run bench -- signup-timing`
 * measures it): the same hash and statements, for a user no one will have, taken out again in
 * the same unit of work. Nothing of it may be left behind.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function counts() {
  const k = server.app.db.kysely.withTables<AccountTables>();
  const rows = async (table: 'users' | 'account_logs') =>
    Number(
      (
        await k
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { users: await rows('users'), logs: await rows('account_logs') };
}

describe('a sign-up with a known address', () => {
  it('leaves no user, no log entry and no event behind', async () => {
    const email = uniqueEmail('known');
    const { account } = sdkUser(server);
    const first = await account.create('unique()', email, 'password123', 'Sana');
    const events: string[] = [];
    const stop = server.app.events.subscribe((e) => {
      events.push(...e.events.filter((name) => name.startsWith('users.')));
    });
    const before = await counts();
    for (let i = 0; i < 3; i++) {
      const again = await sdkUser(server).account.create('unique()', email, `other-pass-${i}`);
      expect(again.$id).not.toBe(first.$id);
    }
    expect(await counts()).toEqual(before);
    expect(events).toEqual([]);
    // A new address after them is stored as ever, with its log entry and its event.
    const fresh = await sdkUser(server).account.create(
      'unique()',
      uniqueEmail('new'),
      'password123',
    );
    stop();
    expect(await counts()).toEqual({ users: before.users + 1, logs: before.logs + 1 });
    expect(events).toContain(`users.${fresh.$id}.create`);
  });
});
