import { GUEST, userCaller, type Caller } from '../../../protocol/caller.js';
import { AppError } from '../../../protocol/errors.js';
import {
  decodeSessionToken,
  encodeSessionToken,
  type CarriedToken,
} from '../../../protocol/session-token.js';
import { randomHex, sha256 } from '../../../tools/crypto.js';
import { signJwt, verifyJwt } from '../../../tools/jwt.js';
import { addSeconds, toIso } from '../../../tools/dates.js';
import { uniqueId } from '../../../tools/ids.js';
import { audit } from '../audit.js';
import type { ProviderTokens } from '../oauth2/oauth2-client.js';
import { accountDb, type AccountDeps, type RequestContext } from '../context.js';
import { toCallerUser, toSessionModel, type SessionModel } from '../models.js';
import type { SessionsTable, UsersTable } from '../tables.js';
import { publishUserItemEvent } from '../users/users.js';
import { liveSession } from './session-lookups.js';

export const JWT_LIFETIME_SECONDS = 900;
const JWT_LEEWAY_SECONDS = 10;

export interface IssuedSession {
  session: SessionModel;
  /** The opaque token for the cookie and X-Fallback-Cookies (docs/protocol.md §1.7). */
  token: string;
  expire: Date;
}

/** A new session with a fresh 128-byte secret, of which only the sha256 is kept. */
export async function createSession(
  deps: AccountDeps,
  userId: string,
  provider: { name: string; uid: string; tokens?: ProviderTokens },
  ctx: RequestContext,
): Promise<IssuedSession> {
  const now = deps.clock.now();
  const secret = randomHex(128);
  const expire = addSeconds(now, deps.settings.sessionDurationSeconds);
  const row: SessionsTable = {
    id: uniqueId(now),
    user_id: userId,
    secret_hash: sha256(secret),
    created_at: toIso(now),
    expire: toIso(expire),
    provider: provider.name,
    provider_uid: provider.uid,
    provider_access_token: provider.tokens?.accessToken ?? '',
    provider_refresh_token: provider.tokens?.refreshToken ?? '',
    provider_access_token_expiry: provider.tokens?.accessTokenExpiry ?? '',
    ip: ctx.ip,
    user_agent: ctx.userAgent.slice(0, 512),
  };
  const db = accountDb(deps);
  await db.insertInto('sessions').values(row).execute();
  await evictOldSessions(deps, userId);
  await db
    .updateTable('users')
    .set({ accessed_at: toIso(now) })
    .where('id', '=', userId)
    .execute();
  await audit(deps, userId, 'session.create', ctx);
  const session = toSessionModel(row, row.id);
  publishUserItemEvent(deps, userId, 'sessions', 'create', session);
  return { session, token: encodeSessionToken(userId, secret), expire };
}

/** At most maxSessions per user: the oldest go first (docs/protocol.md, addition 3). */
async function evictOldSessions(deps: AccountDeps, userId: string): Promise<void> {
  const db = accountDb(deps);
  const keep = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(deps.settings.maxSessions)
    .execute();
  if (keep.length < deps.settings.maxSessions) return;
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      keep.map((k) => k.id),
    )
    .execute();
}

function callerFor(user: UsersTable, sessionId: string, via: Caller['via']): Caller {
  return userCaller(toCallerUser(user), sessionId, via);
}

/**
 * The caller a request stands for (docs/protocol.md §1.6): a valid JWT wins, then the session
 * token; anything forged, expired or deleted is simply a guest. A bad JWT is an error, not a guest.
 */
export async function authenticate(
  deps: AccountDeps,
  carried: CarriedToken | null,
  jwt: string | null,
): Promise<Caller> {
  if (jwt) {
    const payload = await verifyJwt(jwt, deps.settings.secret, {
      now: deps.clock.now(),
      leewaySeconds: JWT_LEEWAY_SECONDS,
    });
    if (!payload) {
      throw new AppError('user_jwt_invalid', 'Failed to verify JWT. Invalid or expired token.');
    }
    const { userId, sessionId } = payload;
    if (typeof userId !== 'string' || typeof sessionId !== 'string') return GUEST;
    const row = await liveSession(deps, { userId, id: sessionId });
    return row ? callerFor(row, row.session_id, 'jwt') : GUEST;
  }
  if (!carried) return GUEST;
  const decoded = decodeSessionToken(carried.token);
  if (!decoded) return GUEST;
  const row = await liveSession(deps, {
    userId: decoded.userId,
    secretHash: sha256(decoded.secret),
  });
  return row ? callerFor(row, row.session_id, carried.via) : GUEST;
}

/** The user's sessions: an expired one is gone, whether or not its row is still there. */
const liveSessionsOf = (deps: AccountDeps, userId: string) =>
  accountDb(deps)
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expire', '>', toIso(deps.clock.now()));

export async function listSessions(deps: AccountDeps, userId: string, currentId: string | null) {
  const rows = await liveSessionsOf(deps, userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return { total: rows.length, sessions: rows.map((r) => toSessionModel(r, currentId)) };
}

export async function getSession(
  deps: AccountDeps,
  userId: string,
  sessionId: string,
  currentId: string | null,
) {
  const row = await liveSessionsOf(deps, userId).where('id', '=', sessionId).executeTakeFirst();
  if (!row) throw new AppError('user_session_not_found');
  return toSessionModel(row, currentId);
}

export async function deleteSession(
  deps: AccountDeps,
  userId: string,
  sessionId: string,
  currentId: string | null,
  ctx: RequestContext,
): Promise<SessionModel> {
  const session = await getSession(deps, userId, sessionId, currentId);
  await accountDb(deps).deleteFrom('sessions').where('id', '=', sessionId).execute();
  await audit(deps, userId, 'session.delete', ctx);
  publishUserItemEvent(deps, userId, 'sessions', 'delete', session);
  return session;
}

/** Ends every session of the user; returns how many there were. */
export async function deleteAllSessions(
  deps: AccountDeps,
  userId: string,
  currentId: string | null,
  ctx: RequestContext,
): Promise<number> {
  const { sessions } = await listSessions(deps, userId, currentId);
  await accountDb(deps).deleteFrom('sessions').where('user_id', '=', userId).execute();
  await audit(deps, userId, 'session.delete', ctx);
  const current = sessions.find((s) => s.current) ?? sessions[0];
  if (current) publishUserItemEvent(deps, userId, 'sessions', 'delete', current);
  return sessions.length;
}

/**
 * A 15-minute JWT bound to the session it was made from (docs/protocol.md §3.0, POST /account/jwt).
 */
export function createJwt(deps: AccountDeps, userId: string, sessionId: string): Promise<string> {
  const now = deps.clock.now();
  return signJwt({ userId, sessionId }, deps.settings.secret, {
    issuedAt: now,
    expiresAt: new Date(now.getTime() + JWT_LIFETIME_SECONDS * 1000),
  });
}

/** Stores refreshed provider tokens on a session and announces the update. */
export async function updateSessionTokens(
  deps: AccountDeps,
  userId: string,
  sessionId: string,
  currentId: string | null,
  tokens: ProviderTokens,
): Promise<SessionModel> {
  await accountDb(deps)
    .updateTable('sessions')
    .set({
      provider_access_token: tokens.accessToken,
      provider_refresh_token: tokens.refreshToken,
      provider_access_token_expiry: tokens.accessTokenExpiry,
    })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .execute();
  const session = await getSession(deps, userId, sessionId, currentId);
  publishUserItemEvent(deps, userId, 'sessions', 'update', session);
  return session;
}
