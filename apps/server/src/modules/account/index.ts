/** The account module's public face: what app.ts and other modules may use. */
export { accountModule } from './module.js';
export { accountService, type AccountService } from './service.js';
export { accountSettings, type AccountDeps } from './context.js';
export { passwordPool } from './passwords/password-pool.js';
export { authenticate } from './sessions/sessions.js';
export { ensureConfiguredAdmin, refusedAdminMessage } from './users/admin-bootstrap.js';
export { ensureLabelledUser, findUserByEmail, insertUser } from './users/users.js';
export { rowOfModel, type UserModelIn } from './users/user-import.js';
export type { UsersTable } from './tables.js';
export type { PhoneVerifiedListener, VerifiedPhone } from './users/phone-verified.js';
export type { AccountTables } from './tables.js';
export type { SessionDirectory } from './sessions/session-directory.js';
