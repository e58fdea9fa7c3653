import { isUniqueViolation } from '../../../db/errors.js';
import { AppError } from '../../../protocol/errors.js';
import { toIso } from '../../../tools/dates.js';
import { uniqueId } from '../../../tools/ids.js';
import { accountDb, type AccountDeps, type RequestContext } from '../context.js';
import type { ProviderProfile, ProviderTokens } from './oauth2-client.js';
import type { UsersTable } from '../tables.js';
import { findUser, findUserByEmail, insertUser, requireUser } from '../users/users.js';

/**
 * Who an OAuth2 sign-in stands for: the user already linked to this provider account; else the
 * signed-in caller (linking a provider); else the user with the same e-mail, but only when the
 * provider vouches for that address and the local account has verified it too; else a new
 * user. The identity is stored or refreshed.
 */
export async function userForProvider(
  deps: AccountDeps,
  provider: string,
  callerId: string | null,
  profile: ProviderProfile,
  tokens: ProviderTokens,
  ctx: RequestContext,
): Promise<UsersTable> {
  const db = accountDb(deps);
  const now = toIso(deps.clock.now());
  const linked = await db
    .selectFrom('identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_uid', '=', profile.sub)
    .executeTakeFirst();
  const tokenColumns = {
    provider_email: profile.email ?? '',
    provider_access_token: tokens.accessToken,
    provider_refresh_token: tokens.refreshToken,
    provider_access_token_expiry: tokens.accessTokenExpiry,
    updated_at: now,
  };

  if (linked) {
    if (callerId && callerId !== linked.user_id) {
      throw new AppError(
        'user_already_exists',
        'This sign-in account is already linked to another user.',
      );
    }
    await db.updateTable('identities').set(tokenColumns).where('id', '=', linked.id).execute();
    return requireUser(deps, linked.user_id);
  }

  let user: UsersTable | undefined = callerId ? await findUser(deps, callerId) : undefined;
  if (!user && profile.email) {
    const sameEmail = await findUserByEmail(deps, profile.email);
    // Both sides must have proved the address: a provider's word alone would hand an
    // account someone registered with this e-mail (and a password of theirs) to the
    // provider's user, or the provider's user's future account to that someone.
    if (sameEmail && !(profile.emailVerified && sameEmail.email_verification)) {
      throw new AppError('user_email_already_exists');
    }
    user = sameEmail;
  }
  if (!user) {
    const model = await insertUser(
      deps,
      {
        id: 'unique()',
        email: profile.email,
        password: null,
        name: profile.name,
        emailVerification: profile.emailVerified,
      },
      ctx,
    );
    user = await requireUser(deps, model.$id);
  }
  try {
    await db
      .insertInto('identities')
      .values({
        id: uniqueId(deps.clock.now()),
        user_id: user.id,
        provider,
        provider_uid: profile.sub,
        created_at: now,
        ...tokenColumns,
      })
      .execute();
  } catch (e) {
    // Two sign-ins racing for the same provider account: the other one linked it first.
    if (!isUniqueViolation(e)) throw e;
  }
  return user;
}
