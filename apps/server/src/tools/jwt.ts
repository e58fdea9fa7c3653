import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * The server's own JSON Web Tokens (account JWTs, the OAuth2 state), HS256 with the server secret,
 * signed and checked by `jose`: the algorithm is pinned, the signature compared in constant time,
 * and `exp` (required) checked against the given clock with the given leeway.
 */
const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signJwt(
  payload: Record<string, unknown>,
  secret: string,
  times: { issuedAt: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT(payload as JWTPayload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(times.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(times.expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

/** The payload of a well-signed, unexpired token, or null for anything else. */
export async function verifyJwt(
  token: string,
  secret: string,
  check: { now: Date; leewaySeconds?: number },
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: check.now,
      clockTolerance: check.leewaySeconds ?? 0,
    });
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
