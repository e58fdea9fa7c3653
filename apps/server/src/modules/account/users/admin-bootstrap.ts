import type { AccountDeps } from '../context.js';
import { ensureLabelledUser, type LabelOutcome } from './users.js';

export interface Log {
  info(info: Record<string, unknown>, message: string): void;
  error(info: Record<string, unknown>, message: string): void;
}

/** What start-up logs when ADMIN_EMAIL names someone else's account. */
export const refusedAdminMessage = (email: string) =>
  `ADMIN_EMAIL ${email} belongs to an existing account whose password is not ADMIN_PASSWORD, ` +
  'so it was NOT made an admin and the shop has no owner login from these settings. ' +
  'If that account is yours, set ADMIN_PASSWORD to its password and restart, or run ' +
  `npm run admin -- create --email ${email} --password <its password>. ` +
  'If it is not yours, choose another ADMIN_EMAIL.';

/**
 * ADMIN_EMAIL / ADMIN_PASSWORD at start: creates the owner, or gives the admin label to the
 * account with that e-mail when ADMIN_PASSWORD is its password. Otherwise the shop still
 * starts (a stranger who registered the address must not be able to stop it) but logs an
 * error that says what to do.
 */
export async function ensureConfiguredAdmin(
  deps: AccountDeps,
  admin: { email: string; password: string; name: string },
  log: Log,
): Promise<LabelOutcome> {
  const { user, outcome, passwordMatches } = await ensureLabelledUser(
    deps,
    { ...admin, label: deps.settings.adminLabel },
    { ip: '127.0.0.1', userAgent: 'courtside-start' },
  );
  if (outcome === 'refused') {
    log.error({ email: admin.email }, refusedAdminMessage(admin.email));
  } else {
    const note = passwordMatches ? {} : { note: 'ADMIN_PASSWORD was changed in the shop since' };
    log.info({ email: user.email, outcome, ...note }, 'admin account ready');
  }
  return outcome;
}
