/** The account module's public face: what app.ts and other modules may use. */
export { accountMigrations } from './migrations.js';
export { accountModule, type AccountModuleDeps } from './module.js';
export { accountService, type AccountService } from './service.js';
export type {
  AccountDeps,
  AccountFlows,
  AccountSettings,
  OAuthProviderSettings,
  RequestContext,
} from './context.js';
export { registerAccountRoutes } from './routes.js';
export { passwordPool, type PasswordWork } from './passwords/password-pool.js';
export { requestContext } from './route-helpers.js';
export { sessionTransport, type SessionTransport } from './sessions/session-transport.js';
export { authenticate, createSession } from './sessions/sessions.js';
export { ensureConfiguredAdmin, refusedAdminMessage } from './users/admin-bootstrap.js';
export {
  ensureLabelledUser,
  findUser,
  findUserByEmail,
  insertUser,
  type LabelOutcome,
} from './users/users.js';
export { toAccountModel, type AccountModel } from './models.js';
export { rowOfModel, type UserModelIn } from './users/user-import.js';
export type { UsersTable } from './tables.js';
export type { PhoneVerifiedListener, VerifiedPhone } from './users/phone-verified.js';
export type { AccountTables } from './tables.js';
export { sessionDirectory, type SessionDirectory } from './sessions/session-directory.js';
