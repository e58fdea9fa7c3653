import { randomInt } from 'node:crypto';
import { AppError } from '../../../protocol/errors.js';
import { randomHex, sha256 } from '../../../tools/crypto.js';
import { addSeconds, toIso } from '../../../tools/dates.js';
import { uniqueId } from '../../../tools/ids.js';
import { accountDb, type AccountDeps } from '../context.js';
import type { AccountTokensTable } from '../tables.js';

export type TokenKind =
  'recovery' | 'verification' | 'magic-url' | 'phone-session' | 'phone-verification';

const MINUTE = 60;

/**
 * How long each kind of secret works. Recovery and e-mail verification follow the reference;
 * a magic link is a password in an inbox, so it lives one hour instead of 1.4.13's seven days,
 * and SMS codes, being six digits, fifteen minutes.
 */
export const TOKEN_LIFETIME_SECONDS: Record<TokenKind, number> = {
  recovery: 60 * MINUTE,
  verification: 7 * 24 * 60 * MINUTE,
  'magic-url': 60 * MINUTE,
  'phone-session': 15 * MINUTE,
  'phone-verification': 15 * MINUTE,
};

/**
 * The Token model of docs/protocol.md §4.4; the secret never goes back to a client
 * (docs/protocol.md, addition 8).
 */
export interface TokenModel {
  $id: string;
  $createdAt: string;
  userId: string;
  secret: string;
  expire: string;
}

export const toTokenModel = (t: AccountTokensTable): TokenModel => ({
  $id: t.id,
  $createdAt: t.created_at,
  userId: t.user_id,
  secret: '',
  expire: t.expire,
});

export interface IssuedToken {
  token: TokenModel;
  /** For the e-mail or SMS only. */
  secret: string;
  expire: Date;
}

/** A fresh one-use secret: 64 hex characters, or six digits for codes typed from an SMS. */
export async function issueToken(
  deps: AccountDeps,
  userId: string,
  kind: TokenKind,
): Promise<IssuedToken> {
  const now = deps.clock.now();
  const secret = kind.startsWith('phone')
    ? String(randomInt(0, 1_000_000)).padStart(6, '0')
    : randomHex(32);
  const expire = addSeconds(now, TOKEN_LIFETIME_SECONDS[kind]);
  const row: AccountTokensTable = {
    id: uniqueId(now),
    user_id: userId,
    kind,
    secret_hash: sha256(secret),
    created_at: toIso(now),
    expire: toIso(expire),
  };
  const db = accountDb(deps);
  // Spent-by-time tokens of this user are cleared as new ones are made.
  await db
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where('expire', '<=', toIso(now))
    .execute();
  await db.insertInto('account_tokens').values(row).execute();
  return { token: toTokenModel(row), secret, expire };
}

/**
 * Uses up the user's live token of this kind with this secret. Wrong, expired and already used
 * secrets are all the same 401: the delete decides, so two racing requests cannot both win.
 */
export async function consumeToken(
  deps: AccountDeps,
  userId: string,
  kind: TokenKind,
  secret: string,
): Promise<TokenModel> {
  const db = accountDb(deps);
  const row = await db
    .selectFrom('account_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('secret_hash', '=', sha256(secret))
    .where('expire', '>', toIso(deps.clock.now()))
    .executeTakeFirst();
  if (!row) throw new AppError('user_invalid_token');
  const result = await db.deleteFrom('account_tokens').where('id', '=', row.id).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new AppError('user_invalid_token');
  return toTokenModel(row);
}

/** Drops a token that could not be delivered, so it cannot be used by anyone. */
export async function dropToken(deps: AccountDeps, id: string): Promise<void> {
  await accountDb(deps).deleteFrom('account_tokens').where('id', '=', id).execute();
}

/**
 * Drops the user's tokens of these kinds: a link or code sent to an address the account no
 * longer has must not prove (or sign in with) the new one, and a spent recovery ends its twins.
 */
export async function dropTokens(
  deps: AccountDeps,
  userId: string,
  kinds: readonly TokenKind[],
): Promise<void> {
  await accountDb(deps)
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where('kind', 'in', [...kinds])
    .execute();
}
