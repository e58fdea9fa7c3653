import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/expect-error.js';
import { sdkUser, signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('account logs', () => {
  it('lists sign-ins, sign-outs and profile changes, newest first, with IP and device', async () => {
    const user = await signedInUser(server, 'Usman');
    await user.account.updateName('Usman Tariq');
    await user.account.updatePassword('a new password', user.password);
    const other = sdkUser(server);
    await other.account.createEmailSession(user.email, 'a new password');
    await other.account.deleteSession('current');

    const { total, logs } = await user.account.listLogs();
    expect(logs.map((l) => l.event)).toEqual([
      'session.delete',
      'session.create',
      'user.update',
      'user.update',
      'session.create',
      'user.create',
    ]);
    expect(total).toBe(6);
    const newest = logs[0]!;
    expect(newest).toMatchObject({
      userId: user.me.$id,
      userEmail: user.email,
      userName: 'Usman Tariq',
      mode: 'default',
      ip: '127.0.0.1',
      countryCode: '--',
      countryName: 'Unknown',
    });
    expect(newest.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/);
    for (const key of ['osCode', 'clientName', 'deviceName'] as const) {
      expect(typeof newest[key]).toBe('string');
    }
  });

  it('pages with limit and offset and refuses other queries', async () => {
    const user = await signedInUser(server);
    await user.account.updateName('One');
    await user.account.updateName('Two');
    const page = await user.account.listLogs(['limit(2)', 'offset(1)']);
    expect(page.total).toBe(4);
    expect(page.logs.map((l) => l.event)).toEqual(['user.update', 'session.create']);
    await expectError(user.account.listLogs(['equal("event", ["user.update"])']), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `queries` param: Invalid query method: equal',
    });
    expect((await user.account.listLogs(['offset(100000000000000000000)'])).logs).toEqual([]);
    await expectError(user.account.listLogs(['limit(-1)']), {
      code: 400,
      type: 'general_argument_invalid',
    });
    await expectError(user.account.listLogs(['limit(']), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `queries` param: Invalid query: limit(',
    });
  });

  it('belongs to the signed-in user only', async () => {
    await expectError(sdkUser(server).account.listLogs(), {
      code: 401,
      type: 'general_unauthorized_scope',
    });
    const a = await signedInUser(server);
    const b = await signedInUser(server);
    await b.account.updateName('B again');
    expect((await a.account.listLogs()).logs.every((l) => l.userId === a.me.$id)).toBe(true);
  });
});
