import type { Kysely, Migration } from 'kysely';

/** Tables the server itself needs, whatever modules run: settings such as the signing secret. */
export const coreMigrations: Record<string, Migration> = {
  'core-0001-settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

export interface SettingsTable {
  key: string;
  value: string;
}
