import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWN_ADDRESS_DAYS,
  LOGIN_FAILURES_KNOWN_ADDRESS,
  LOGIN_FAILURES_PER_EMAIL,
} from '../../src/modules/account/sessions/login-guard.js';
import { manualClock } from '../../src/tools/clock.js';
import { raw } from '../support/expect-error.js';
import { sdkUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Wrong passwords are counted per account and client address (login-guard.ts): an address the
 * account signed in from lately keeps an allowance of its own, so someone guessing the owner's
 * password elsewhere cannot lock the owner out, even after a typo.
 */
let server: TestServer;
const clock = manualClock(new Date('2026-04-01T10:00:00.000Z'));
beforeAll(async () => {
  server = await startTestServer({ clock, env: { RATE_LIMITS: 'on', TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

const HOME = '203.0.113.20';
const ATTACKER = '198.51.100.7';

async function owner() {
  const email = uniqueEmail('owner');
  await sdkUser(server).account.create('unique()', email, 'owner-password-1');
  // The test server trusts 127.0.0.1 as its proxy: X-Forwarded-For names the client.
  const login = async (from: string, password: string) =>
    (
      await raw(`${server.endpoint}/account/sessions/email`, {
        method: 'POST',
        headers: { 'x-forwarded-for': from },
        body: JSON.stringify({ email, password }),
      })
    ).status;
  return { email, login };
}

describe('an address the owner signed in from', () => {
  it('still signs the owner in after a typo while someone guesses elsewhere', async () => {
    clock.advance(3600_000);
    const { login } = await owner();
    expect(await login(HOME, 'owner-password-1')).toBe(201);
    clock.advance(24 * 3600_000);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      expect(await login(ATTACKER, `wrong-guess-${i}`)).toBe(401);
    }
    expect(await login(ATTACKER, 'owner-password-1')).toBe(429);
    // The owner mistypes at home, then types it right.
    expect(await login(HOME, 'owner-password-l')).toBe(401);
    expect(await login(HOME, 'owner-password-1')).toBe(201);
  });

  it(`has ${LOGIN_FAILURES_KNOWN_ADDRESS} wrong passwords an hour of its own, then waits`, async () => {
    clock.advance(3600_000);
    const { login } = await owner();
    expect(await login(HOME, 'owner-password-1')).toBe(201);
    for (let i = 0; i < LOGIN_FAILURES_KNOWN_ADDRESS; i++) {
      expect(await login(HOME, `typo-password-${i}`)).toBe(401);
    }
    expect(await login(HOME, 'owner-password-1')).toBe(429);
    clock.advance(3600_000);
    expect(await login(HOME, 'owner-password-1')).toBe(201);
  });

  it(`is known for ${KNOWN_ADDRESS_DAYS} days after a sign-in, no longer`, async () => {
    clock.advance(3600_000);
    const { login } = await owner();
    expect(await login(HOME, 'owner-password-1')).toBe(201);
    clock.advance((KNOWN_ADDRESS_DAYS + 1) * 24 * 3600_000);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      expect(await login(ATTACKER, `wrong-guess-${i}`)).toBe(401);
    }
    // Home is a stranger again: after a typo it waits, as any address that failed does.
    expect(await login(HOME, 'owner-password-l')).toBe(401);
    expect(await login(HOME, 'owner-password-1')).toBe(429);
  });

  it('counts only for the account it signed in as', async () => {
    clock.advance(3600_000);
    const first = await owner();
    const other = await owner();
    expect(await first.login(HOME, 'owner-password-1')).toBe(201);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      expect(await other.login(ATTACKER, `wrong-guess-${i}`)).toBe(401);
    }
    expect(await other.login(HOME, 'not-the-password')).toBe(401);
    expect(await other.login(HOME, 'owner-password-1')).toBe(429);
  });
});
