import type { Generated } from 'kysely';

/** Account tables. Times are protocol-format ISO text; flags are 0/1; lists and maps JSON. */

/**
 * `users` also has `seq`, its insertion order, which the users list sorts by (1.4's
 * $internalId): filled by the database (migrations.ts), read only by that list's SQL.
 */
export interface UsersTable {
  id: string;
  created_at: string;
  updated_at: string;
  name: string;
  /** Lower-cased; null for anonymous and phone-only users. */
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  /** How password_hash was made: 'argon2' (the shop's, and imported ones) or an imported kind. */
  password_algorithm: string;
  /** JSON: what an imported kind needs besides the hash (salt, costs, SHA version...). */
  password_options: string;
  password_updated_at: string | null;
  registration: string;
  status: number;
  labels: string;
  email_verification: number;
  phone_verification: number;
  prefs: string;
  accessed_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 of the secret; the secret itself is never stored. */
  secret_hash: string;
  created_at: string;
  expire: string;
  provider: string;
  provider_uid: string;
  provider_access_token: string;
  provider_refresh_token: string;
  provider_access_token_expiry: string;
  ip: string;
  user_agent: string;
}

export interface AccountLogsTable {
  seq: Generated<number>;
  user_id: string;
  event: string;
  ip: string;
  user_agent: string;
  time: string;
}

/** One-use secrets (recovery, verification, magic URL, phone codes); only the sha256 is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  kind: string;
  secret_hash: string;
  created_at: string;
  expire: string;
}

/** A sign-in provider's account linked to a user (OAuth2 / OpenID Connect). */
export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  provider_uid: string;
  provider_email: string;
  provider_access_token: string;
  provider_refresh_token: string;
  provider_access_token_expiry: string;
  created_at: string;
  updated_at: string;
}

export type AccountTables = {
  users: UsersTable;
  sessions: SessionsTable;
  account_logs: AccountLogsTable;
  account_tokens: AccountTokensTable;
  identities: IdentitiesTable;
};
