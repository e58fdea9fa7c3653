import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsTable, UsersTable } from '../../src/modules/account/tables.js';
import { sha256 } from '../../src/tools/crypto.js';
import { raw } from '../support/expect-error.js';
import { signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const tables = () =>
  server.app.db.kysely.withTables<{ users: UsersTable; sessions: SessionsTable }>();

/** Reference 4.2, in its order. */
const SESSION_FIELDS = [
  '$id',
  '$createdAt',
  'userId',
  'expire',
  'provider',
  'providerUid',
  'providerAccessToken',
  'providerAccessTokenExpiry',
  'providerRefreshToken',
  'ip',
  'osCode',
  'osName',
  'osVersion',
  'clientType',
  'clientCode',
  'clientName',
  'clientVersion',
  'clientEngine',
  'clientEngineVersion',
  'deviceName',
  'deviceBrand',
  'deviceModel',
  'countryCode',
  'countryName',
  'current',
];

describe('what the database keeps (docs/protocol.md §1.7, addition 4)', () => {
  it('a session secret only as its sha256, a password only as argon2id', async () => {
    const user = await signedInUser(server);
    const token = JSON.parse(user.client.jar.get('cookieFallback')!).a_session_courtside as string;
    const { secret } = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      secret: string;
    };
    expect(secret).toMatch(/^[0-9a-f]{256}$/);

    const sessions = await tables()
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.me.$id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(sessions)).not.toContain(secret);

    const row = await tables()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.me.$id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row)).not.toContain(user.password);
  });

  it('answers the Session model with exactly the fields of the reference', async () => {
    const user = await signedInUser(server);
    const session = await user.account.getSession('current');
    expect(Object.keys(session)).toEqual(SESSION_FIELDS);
    const list = await user.account.listSessions();
    expect(Object.keys(list)).toEqual(['total', 'sessions']);
    expect(Object.keys(list.sessions[0]!)).toEqual(SESSION_FIELDS);
    const login = await raw(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: user.password }),
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36',
      },
    });
    expect(Object.keys(login.body!)).toEqual(SESSION_FIELDS);
  });
});
