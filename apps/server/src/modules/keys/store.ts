import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { randomHex, sha256 } from '../../tools/crypto.js';
import { toIso } from '../../tools/dates.js';
import { uniqueId } from '../../tools/ids.js';
import type { ApiKeysTable, KeyTables } from './tables.js';

/** A key as `key list` shows it: never its secret, nor the secret's hash. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  /** '' when never used. */
  accessedAt: string;
  /** '' while the key works. */
  revokedAt: string;
}

const keysDb = (db: Database): Kysely<KeyTables> => db.kysely.withTables<KeyTables>();

const toInfo = (row: ApiKeysTable): ApiKeyInfo => ({
  id: row.id,
  name: row.name,
  scopes: JSON.parse(row.scopes) as string[],
  createdAt: row.created_at,
  accessedAt: row.accessed_at,
  revokedAt: row.revoked_at,
});

/**
 * Makes a key: 128 random bytes as 256 hex characters, as 1.4's keys are. The secret is returned
 * once, here; only its sha256 is stored (plenty for a secret this long: nothing to guess).
 */
export async function createKey(
  db: Database,
  input: { name: string; scopes: readonly string[] },
  now: Date,
): Promise<{ key: ApiKeyInfo; secret: string }> {
  const secret = randomHex(128);
  const row: ApiKeysTable = {
    id: uniqueId(now),
    name: input.name,
    scopes: JSON.stringify([...new Set(input.scopes)]),
    secret_hash: sha256(secret),
    created_at: toIso(now),
    accessed_at: '',
    revoked_at: '',
  };
  await keysDb(db).insertInto('api_keys').values(row).execute();
  return { key: toInfo(row), secret };
}

export async function listKeys(db: Database): Promise<ApiKeyInfo[]> {
  const rows = await keysDb(db).selectFrom('api_keys').selectAll().orderBy('id').execute();
  return rows.map(toInfo);
}

/** Revokes a key for good; null when there is no such key. */
export async function revokeKey(db: Database, id: string, now: Date): Promise<ApiKeyInfo | null> {
  await keysDb(db)
    .updateTable('api_keys')
    .set({ revoked_at: toIso(now) })
    .where('id', '=', id)
    .where('revoked_at', '=', '')
    .execute();
  const row = await keysDb(db)
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toInfo(row) : null;
}

/** The working key with this secret, or null (unknown or revoked). */
export async function findWorkingKey(db: Database, secret: string): Promise<ApiKeyInfo | null> {
  const row = await keysDb(db)
    .selectFrom('api_keys')
    .selectAll()
    .where('secret_hash', '=', sha256(secret))
    .where('revoked_at', '=', '')
    .executeTakeFirst();
  return row ? toInfo(row) : null;
}

/** Notes the key's use, at most once a minute, so a busy script does not write on every call. */
export async function touchKey(db: Database, key: ApiKeyInfo, now: Date): Promise<void> {
  const due = toIso(new Date(now.getTime() - 60_000));
  if (key.accessedAt && key.accessedAt > due) return;
  await keysDb(db)
    .updateTable('api_keys')
    .set({ accessed_at: toIso(now) })
    .where('id', '=', key.id)
    .execute();
}
