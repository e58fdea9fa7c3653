import { sql, type Kysely, type Migration } from 'kysely';
import { addIndex, withAutoId } from '../../db/ddl.js';
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
      await addIndex(db, 'users_email', 'users', ['email'], 'unique');
      await addIndex(db, 'users_phone', 'users', ['phone'], 'unique');
      await addIndex(db, 'users_registration', 'users', ['registration']);

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
      await addIndex(db, 'sessions_user_secret', 'sessions', ['user_id', 'secret_hash'], 'unique');

      await withAutoId(db, db.schema.createTable('account_logs'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .execute();
      await addIndex(db, 'account_logs_user', 'account_logs', ['user_id', 'seq']);
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
      await addIndex(db, 'account_tokens_user_kind', 'account_tokens', ['user_id', 'kind']);

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
      await addIndex(
        db,
        'identities_provider_uid',
        'identities',
        ['provider', 'provider_uid'],
        'unique',
      );
      await addIndex(db, 'identities_user', 'identities', ['user_id']);
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
      await addIndex(db, 'users_seq', 'users', ['seq'], 'unique');
    },
  },
};
