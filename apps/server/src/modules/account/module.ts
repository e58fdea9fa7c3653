import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { RateLimitStore } from '../../tools/rate-limits.js';
import { signingSecret } from '../../db/settings.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus } from '../../tools/events.js';
import type { Mailer } from '../../tools/mailer.js';
import type { SmsSender } from '../../tools/sms.js';
import type { BackendModule } from '../module.js';
import { accountSettings, type AccountDeps } from './context.js';
import { accountMigrations } from './migrations.js';
import { passwordPool } from './passwords/password-pool.js';
import { registerAccountRoutes } from './routes.js';
import { accountService, type AccountService } from './service.js';
import { sessionTransport } from './sessions/session-transport.js';
import { phoneVerifiedListeners } from './users/phone-verified.js';

export interface AccountModuleDeps {
  db: Database;
  clock: Clock;
  events: EventBus;
  mailer: Mailer;
  sms: SmsSender;
  /** Signs every message: the shop's name as its owner last saved it. */
  shopName: () => Promise<string>;
  /** The app's rate-limit counters (wrong passwords among them). */
  limits: RateLimitStore;
  config: Pick<
    Config,
    | 'ids'
    | 'secret'
    | 'sessionDurationSeconds'
    | 'maxSessions'
    | 'publicUrl'
    | 'webUrl'
    | 'redirectHostnames'
    | 'oauth'
    | 'rateLimits'
    | 'passwords'
  >;
}

/** Users, sessions, tokens and sign-in flows (docs/protocol.md §3). */
export const accountModule: BackendModule<AccountModuleDeps, AccountService> = {
  name: 'account',
  migrations: accountMigrations,
  async create(d) {
    const { config } = d;
    const passwords = passwordPool(config.passwords);
    const deps: AccountDeps = {
      db: d.db,
      clock: d.clock,
      events: d.events,
      settings: accountSettings(config, await signingSecret(d.db, config.secret)),
      passwords,
    };
    const transport = sessionTransport({
      projectId: config.ids.project,
      publicUrl: config.publicUrl,
      webUrl: config.webUrl,
    });
    const phoneVerified = phoneVerifiedListeners();
    const flows = {
      mailer: d.mailer,
      sms: d.sms,
      shopName: d.shopName,
      redirectHostnames: config.redirectHostnames,
      publicUrl: config.publicUrl,
      webUrl: config.webUrl,
      oauth: config.oauth,
      limits: config.rateLimits ? d.limits : null,
      phoneVerified,
    };
    return {
      service: accountService(deps, phoneVerified),
      routes: async (api) => registerAccountRoutes(api, deps, transport, flows),
      close: () => passwords.close(),
    };
  },
};
