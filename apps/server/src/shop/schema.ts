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
  const collectionIds: Record<string, string> = {
    [DEFAULT_IDS.products]: ids.products,
    [DEFAULT_IDS.orders]: ids.orders,
    [DEFAULT_IDS.subscribers]: ids.subscribers,
    [DEFAULT_IDS.stats]: ids.stats,
    [DEFAULT_IDS.deliveries]: ids.deliveries,
    [DEFAULT_IDS.codes]: ids.codes,
    [DEFAULT_IDS.pages]: ids.pages,
    [DEFAULT_IDS.settings]: ids.settings,
    [DEFAULT_IDS.orderNotes]: ids.orderNotes,
    [DEFAULT_IDS.orderClients]: ids.orderClients,
  };
  const db = (id: string) => (id === DEFAULT_IDS.database ? ids.database : id);
  const perms = (list: string[]) =>
    list.map((p) => p.replace(`"label:${DEFAULT_IDS.adminLabel}"`, `"label:${ids.adminLabel}"`));
  return {
    ...schema,
    projectId: ids.project,
    databases: schema.databases.map((d) => ({ ...d, $id: db(d.$id) })),
    collections: schema.collections.map((c) => ({
      ...c,
      $id: collectionIds[c.$id] ?? c.$id,
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
