import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../src/tools/jwt.js';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const t0 = new Date('2026-11-24T12:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('the server JWTs (jose)', () => {
  it('round-trips a payload until it expires, with the leeway given', async () => {
    const token = await signJwt({ userId: 'u1' }, SECRET, { issuedAt: t0, expiresAt: at(900) });
    expect(await verifyJwt(token, SECRET, { now: at(899) })).toMatchObject({
      userId: 'u1',
      iat: t0.getTime() / 1000,
      exp: t0.getTime() / 1000 + 900,
    });
    expect(await verifyJwt(token, SECRET, { now: at(901) })).toBeNull();
    expect(await verifyJwt(token, SECRET, { now: at(901), leewaySeconds: 5 })).not.toBeNull();
  });

  it('refuses another secret, another algorithm, no signature, no expiry and garbage', async () => {
    const good = await signJwt({ a: 1 }, SECRET, { issuedAt: t0, expiresAt: at(60) });
    const key = new TextEncoder().encode(SECRET);
    const hs512 = await new SignJWT({ a: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(t0.getTime() / 1000 + 60)
      .sign(key);
    const noExp = await new SignJWT({ a: 1 }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const unsigned = new UnsecuredJWT({ a: 1 }).setExpirationTime(t0.getTime() / 1000 + 60);
    const now = { now: at(1) };
    expect(await verifyJwt(good, `${SECRET}x`, now)).toBeNull();
    expect(await verifyJwt(hs512, SECRET, now)).toBeNull();
    expect(await verifyJwt(noExp, SECRET, now)).toBeNull();
    expect(await verifyJwt(unsigned.encode(), SECRET, now)).toBeNull();
    expect(await verifyJwt('not.a.jwt', SECRET, now)).toBeNull();
    expect(await verifyJwt('', SECRET, now)).toBeNull();
  });
});
