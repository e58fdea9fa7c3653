import type { FastifyInstance } from 'fastify';
import type { AccountDeps, AccountFlows } from './context.js';
import { registerLogsAndIdentitiesRoutes } from './routes-logs-identities.js';
import { registerOAuth2Routes } from './routes-oauth2.js';
import { registerPasswordlessRoutes } from './routes-passwordless.js';
import { registerProfileRoutes } from './routes-profile.js';
import { registerRecoveryRoutes } from './routes-recovery.js';
import { registerSessionRoutes } from './routes-sessions.js';
import { loginGuard } from './login-guard.js';
import { registerSignInRoutes } from './routes-sign-in.js';
import { registerVerificationRoutes } from './routes-verification.js';
import { registerUsersRoutes } from './routes-users.js';
import { registerUserImportRoutes } from './routes-users-import.js';
import { registerUserUpdateRoutes } from './routes-users-update.js';
import type { SessionTransport } from './session-transport.js';

export { LOGINS_PER_IP } from './routes-sign-in.js';

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
