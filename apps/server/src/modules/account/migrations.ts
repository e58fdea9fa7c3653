import { sql, type Kysely, type Migration } from 'kysely';
import { withAutoId } from '../../db/ddl.js';
import { dialectOf } from '../../db/migrate.js';

export const accountMigrations: Record<string, Migration> = {
  'account-0001-users-sessions-logs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('password_updated_at', 'text')
        .addColumn('registration', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('email_verification', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('phone_verification', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prefs', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('accessed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_email').unique().on('users').column('email').execute();
      await db.schema.createIndex('users_phone').unique().on('users').column('phone').execute();
      await db.schema
        .createIndex('users_registration')
        .on('users')
        .column('registration')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expire', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_uid', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_access_token', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_refresh_token', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_access_token_expiry', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('sessions_user_secret')
        .unique()
        .on('sessions')
        .columns(['user_id', 'secret_hash'])
        .execute();

      await withAutoId(db, db.schema.createTable('account_logs'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_logs_user')
        .on('account_logs')
        .columns(['user_id', 'seq'])
        .execute();
    },
  },
  'account-0002-tokens-identities': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expire', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('account_tokens_user_kind')
        .on('account_tokens')
        .columns(['user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('identities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_uid', 'text', (c) => c.notNull())
        .addColumn('provider_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_access_token', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_refresh_token', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('provider_access_token_expiry', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('identities_provider_uid')
        .unique()
        .on('identities')
        .columns(['provider', 'provider_uid'])
        .execute();
      await db.schema.createIndex('identities_user').on('identities').column('user_id').execute();
    },
  },
  'account-0003-imported-password-hashes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('password_algorithm', 'text', (c) => c.notNull().defaultTo('argon2'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('password_options', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  },
  // The users list's insertion order (1.4's $internalId): a sequence on PostgreSQL, the rowid on
  // SQLite (copied by a trigger, as SQLite cannot add an autoincrement column to a table).
  'account-0004-users-order': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') {
        await sql`ALTER TABLE users ADD COLUMN seq BIGSERIAL`.execute(db);
      } else {
        await sql`ALTER TABLE users ADD COLUMN seq INTEGER`.execute(db);
        await sql`UPDATE users SET seq = rowid`.execute(db);
        await sql`CREATE TRIGGER users_seq AFTER INSERT ON users BEGIN UPDATE users SET seq = NEW.rowid WHERE rowid = NEW.rowid; END`.execute(
          db,
        );
      }
      await db.schema.createIndex('users_seq').unique().on('users').column('seq').execute();
    },
  },
};
