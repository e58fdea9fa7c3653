import { coreMigrations } from './db/core-migrations.js';
import { accountModule } from './modules/account/index.js';
import { databasesModule } from './modules/databases/index.js';
import { keysModule } from './modules/keys/index.js';
import { mailModule } from './modules/mail/index.js';
import { realtimeModule } from './modules/realtime/index.js';
import { storageModule } from './modules/storage/index.js';

/** Every module's fixed tables, in one visible list; applied at start and by the CLIs. */
export const MIGRATIONS = {
  ...coreMigrations,
  ...accountModule.migrations,
  ...keysModule.migrations,
  ...databasesModule.migrations,
  ...storageModule.migrations,
  ...realtimeModule.migrations,
  ...mailModule.migrations,
};
