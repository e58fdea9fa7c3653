import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus } from '../../tools/events.js';
import type { AccountTables } from './tables.js';

export interface AccountSettings {
  projectId: string;
  sessionDurationSeconds: number;
  maxSessions: number;
  adminLabel: string;
  /** Signs JWTs. */
  secret: string;
}

export interface AccountDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
  settings: AccountSettings;
}

/** Where a request came from, for sessions and the account's log. */
export interface RequestContext {
  ip: string;
  userAgent: string;
}

export const accountDb = (deps: AccountDeps): Kysely<AccountTables> =>
  deps.db.kysely.withTables<AccountTables>();
