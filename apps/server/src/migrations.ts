import { coreMigrations } from './db/core-migrations.js';
import { accountMigrations } from './modules/account/index.js';
import { databasesMigrations } from './modules/databases/index.js';
import { storageMigrations } from './modules/storage/index.js';

/** Every module's fixed tables, in one visible list; applied at start and by the CLIs. */
export const MIGRATIONS = {
  ...coreMigrations,
  ...accountMigrations,
  ...databasesMigrations,
  ...storageMigrations,
};
