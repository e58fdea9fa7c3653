import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The module's one fixed table: which collection lives in which table, the columns and
 * indexes the last schema sync made (so the next start knows what changed), and how many
 * writes the collection has had.
 */
export const databasesMigrations: Record<string, Migration> = {
  'databases-0001-collections': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('databases_collections')
        .addColumn('database_id', 'text', (c) => c.notNull())
        .addColumn('collection_id', 'text', (c) => c.notNull())
        .addColumn('table_name', 'text', (c) => c.notNull().unique())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('synced_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('databases_collections_pk', ['database_id', 'collection_id'])
        .execute();
    },
  },
  // Counts writes to each collection, in the writing transaction, so that every server process
  // can tell whether a list total it counted before still holds (store.ts, counts.ts).
  'databases-0002-writes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('databases_collections')
        .addColumn('writes', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // When each collection's table was made: the Collection model's $createdAt (schema-routes.ts).
  'databases-0003-created': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('databases_collections')
        .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`UPDATE databases_collections SET created_at = synced_at`.execute(db);
    },
  },
  // Named numbers kept with the documents (tallies.ts), e.g. a customer's pairs in pending orders.
  'databases-0004-tallies': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('databases_tallies')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'bigint')
        .execute();
    },
  },
};
