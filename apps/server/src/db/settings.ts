import { randomHex } from '../tools/crypto.js';
import type { Database } from './database.js';
import type { SettingsTable } from './core-migrations.js';

type SettingsTables = { settings: SettingsTable };

/**
 * The server's signing secret: SECRET when configured, otherwise made once and kept in the
 * database, so every process sharing the database signs and checks the same JWTs.
 */
export async function signingSecret(db: Database, configured: string | null): Promise<string> {
  if (configured) return configured;
  const existing = await readSetting(db, 'secret');
  if (existing !== null) return existing;
  // Two processes may start together: the first insert wins, both read the winner.
  await db.kysely
    .withTables<SettingsTables>()
    .insertInto('settings')
    .values({ key: 'secret', value: randomHex(32) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, 'secret'))!;
}

/** A value kept in the settings table, or null. */
export async function readSetting(db: Database, key: string): Promise<string | null> {
  const row = await db.kysely
    .withTables<SettingsTables>()
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** Stores a value in the settings table, replacing what was there. */
export async function writeSetting(db: Database, key: string, value: string): Promise<void> {
  await db.kysely
    .withTables<SettingsTables>()
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
