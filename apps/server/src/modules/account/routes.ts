import type { FastifyInstance } from 'fastify';
import type { AccountDeps, AccountFlows } from './context.js';
import { registerLogsAndIdentitiesRoutes } from './profile/routes-logs-identities.js';
import { registerOAuth2Routes } from './oauth2/routes-oauth2.js';
import { registerPasswordlessRoutes } from './sessions/routes-passwordless.js';
import { registerProfileRoutes } from './profile/routes-profile.js';
import { registerRecoveryRoutes } from './passwords/routes-recovery.js';
import { registerSessionRoutes } from './sessions/routes-sessions.js';
import { loginGuard } from './sessions/login-guard.js';
import { registerSignInRoutes } from './sessions/routes-sign-in.js';
import { registerVerificationRoutes } from './tokens/routes-verification.js';
import { registerUsersRoutes } from './users/routes-users.js';
import { registerUserImportRoutes } from './users/routes-users-import.js';
import { registerUserUpdateRoutes } from './users/routes-users-update.js';
import type { SessionTransport } from './sessions/session-transport.js';

export { LOGINS_PER_IP } from './sessions/routes-sign-in.js';

/** The account routes of docs/protocol.md §3, one file per flow, and the users API. */
export function registerAccountRoutes(
  api: FastifyInstance,
  deps: AccountDeps,
  transport: SessionTransport,
  flows: AccountFlows,
): void {
  registerSignInRoutes(api, deps, flows, transport, loginGuard(flows.limits ?? null, deps.clock));
  registerProfileRoutes(api, deps, transport);
  registerRecoveryRoutes(api, deps, flows);
  registerVerificationRoutes(api, deps, flows);
  registerPasswordlessRoutes(api, deps, flows, transport);
  const refreshProviderTokens = registerOAuth2Routes(api, deps, flows, transport);
  registerSessionRoutes(api, deps, transport, refreshProviderTokens);
  registerLogsAndIdentitiesRoutes(api, deps);
  // The server side of the users API, for API keys (docs/protocol.md §3.3).
  registerUsersRoutes(api, deps);
  registerUserUpdateRoutes(api, deps);
  registerUserImportRoutes(api, deps);
}
