import type { Kysely } from 'kysely';
import type { Config, OAuthProviderConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { RateLimitStore } from '../../tools/rate-limits.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus } from '../../tools/events.js';
import type { Mailer } from '../../tools/mailer.js';
import type { SmsSender } from '../../tools/sms.js';
import type { PasswordWork } from './passwords/password-pool.js';
import type { AccountTables } from './tables.js';
import type { PhoneVerifiedListeners } from './users/phone-verified.js';

export interface AccountSettings {
  projectId: string;
  sessionDurationSeconds: number;
  maxSessions: number;
  adminLabel: string;
  /** Signs JWTs. */
  secret: string;
}

/** The settings a configuration gives the module, JWTs signed with `secret`. */
export const accountSettings = (
  config: Pick<Config, 'ids' | 'sessionDurationSeconds' | 'maxSessions'>,
  secret: string,
): AccountSettings => ({
  projectId: config.ids.project,
  sessionDurationSeconds: config.sessionDurationSeconds,
  maxSessions: config.maxSessions,
  adminLabel: config.ids.adminLabel,
  secret,
});

export interface AccountDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
  settings: AccountSettings;
  /** The password threads: every hash is checked and made there (password-pool.ts). */
  passwords: PasswordWork;
}

/** Where a request came from, for sessions and the account's log. */
export interface RequestContext {
  ip: string;
  userAgent: string;
}

export const accountDb = (deps: AccountDeps): Kysely<AccountTables> =>
  deps.db.kysely.withTables<AccountTables>();

/** An OpenID Connect provider the operator configured (config.ts OAUTH_<NAME>_*). */
export type OAuthProviderSettings = OAuthProviderConfig;

/**
 * What the e-mail, SMS and OAuth2 flows need beyond the basics: where messages go, which
 * hosts links may point at, and the configured sign-in providers.
 */
export interface AccountFlows {
  mailer: Mailer;
  sms: SmsSender;
  /** Signs every message: the shop's name as its owner last saved it. */
  shopName: () => Promise<string>;
  /** Hosts a client may ask links and redirects to point at (docs/protocol.md §1.13 Host). */
  redirectHostnames: readonly string[];
  publicUrl: URL;
  webUrl: URL;
  oauth: Readonly<Record<string, OAuthProviderSettings>>;
  /** The HTTP client for OAuth2 providers; tests may pass their own. */
  fetch?: typeof fetch;
  /** Counters for wrong passwords (login-guard.ts); null when rate limits are off. */
  limits?: RateLimitStore | null;
  /** Told when an SMS code proves a user's number (phone-verified.ts). */
  phoneVerified?: PhoneVerifiedListeners;
}
