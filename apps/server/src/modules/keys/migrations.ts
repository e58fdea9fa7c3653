import type { Kysely, Migration } from 'kysely';

export const keyMigrations: Record<string, Migration> = {
  'keys-0001-api-keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('accessed_at', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('revoked_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  },
};
