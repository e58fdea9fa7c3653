import { DEFAULT_IDS, type ShopIds } from '@courtside/shop';
import { parseSchema } from '../schema/load.js';
import type { Schema } from '../schema/types.js';
import shopSchemaFile from './appwrite.json' with { type: 'json' };

/**
 * The shop's schema: `appwrite.json` beside this file (the Appwrite CLI's format, written with
 * the default ids), with the database, collection and bucket ids and the admin label that the
 * configuration chose.
 */
export function shopSchema(ids: Readonly<ShopIds>): Schema {
  const schema = parseSchema(shopSchemaFile, 'apps/server/src/shop/appwrite.json');
  // Every id of DEFAULT_IDS but these four names a collection.
  const notCollections = ['project', 'database', 'bucket', 'adminLabel'];
  const collectionIds = new Map<string, string>(
    (Object.keys(DEFAULT_IDS) as (keyof ShopIds)[])
      .filter((key) => !notCollections.includes(key))
      .map((key) => [DEFAULT_IDS[key], ids[key]]),
  );
  const db = (id: string) => (id === DEFAULT_IDS.database ? ids.database : id);
  const perms = (list: string[]) =>
    list.map((p) => p.replace(`"label:${DEFAULT_IDS.adminLabel}"`, `"label:${ids.adminLabel}"`));
  return {
    ...schema,
    projectId: ids.project,
    databases: schema.databases.map((d) => ({ ...d, $id: db(d.$id) })),
    collections: schema.collections.map((c) => ({
      ...c,
      $id: collectionIds.get(c.$id) ?? c.$id,
      databaseId: db(c.databaseId),
      $permissions: perms(c.$permissions),
    })),
    buckets: schema.buckets.map((b) => ({
      ...b,
      $id: b.$id === DEFAULT_IDS.bucket ? ids.bucket : b.$id,
      $permissions: perms(b.$permissions),
    })),
  };
}
