import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from './migrate.js';

/**
 * Column helpers that read the same on both databases. Times are ISO text in the protocol's
 * format (so text order is time order), booleans are 0/1 integers, JSON is text.
 */
export function withAutoId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
  column = 'seq',
): CreateTableBuilder<T, never> {
  return dialectOf(db) === 'postgres'
    ? table.addColumn(column, 'bigserial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** An index named `name` on `table`'s `columns`, unique when asked. */
export async function addIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  unique: 'unique' | null = null,
): Promise<void> {
  const index = db.schema.createIndex(name).on(table).columns(columns);
  await (unique ? index.unique() : index).execute();
}
