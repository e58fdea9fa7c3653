import { Migrator, PostgresAdapter, type Kysely, type Migration } from 'kysely';
import type { Database, Dialect } from './types.js';

/** Applies every pending migration; a failure stops start-up with the migration's name. */
export async function runMigrations(db: Database, migrations: Record<string, Migration>) {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Modules add migrations independently; each names its own (`account-0001-...`).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
