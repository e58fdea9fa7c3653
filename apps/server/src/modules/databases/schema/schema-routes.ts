import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../protocol/errors.js';
import { queriesParam, readListParams, readParams, uid } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { memoryPage, memorySource } from '../../../query/memory.js';
import { toIso } from '../../../tools/dates.js';
import type { DatabaseDef, Schema } from '../../../schema/types.js';
import {
  toAttributeModel,
  toCollectionModel,
  toDatabaseModel,
  toIndexModel,
  type SchemaTimes,
} from './schema-models.js';

/**
 * The schema as 1.4's server API reads it, with a key (docs/protocol.md §3.5): databases,
 * collections, attributes and indexes, list and get, as node-appwrite 11.1's `Databases` calls
 * them. Scopes as 1.4 has them: `databases.read` for databases, `collections.read` for
 * collections and for their attributes and indexes.
 */

// What each list's queries may name, as 1.4 allows them (plus $id and the times).
const DATABASES = memorySource('databases', {
  $id: 'string',
  name: 'string',
  $createdAt: 'datetime',
  $updatedAt: 'datetime',
});
const COLLECTIONS = memorySource('collections', {
  $id: 'string',
  name: 'string',
  enabled: 'boolean',
  documentSecurity: 'boolean',
  $createdAt: 'datetime',
  $updatedAt: 'datetime',
});
const ATTRIBUTES = memorySource('attributes', {
  key: 'string',
  type: 'string',
  size: 'integer',
  required: 'boolean',
  array: 'boolean',
  status: 'string',
  error: 'string',
});
const INDEXES = memorySource('indexes', {
  key: 'string',
  type: 'string',
  status: 'string',
  attributes: ['string', 'array'],
  error: 'string',
});

/** When each collection's table was made and last brought in line with the schema. */
async function collectionTimes(db: Database): Promise<Map<string, SchemaTimes>> {
  const rows = await sql<{
    database_id: string;
    collection_id: string;
    created_at: string;
    synced_at: string;
  }>`SELECT database_id, collection_id, created_at, synced_at FROM databases_collections`.execute(
    db.kysely,
  );
  return new Map(
    rows.rows.map((r) => [
      `${r.database_id}/${r.collection_id}`,
      { createdAt: r.created_at || r.synced_at, updatedAt: r.synced_at },
    ]),
  );
}

/** A database's times: its first collection's making, its latest collection's change. */
function databaseTimes(times: Map<string, SchemaTimes>, databaseId: string): SchemaTimes {
  const mine = [...times].filter(([key]) => key.startsWith(`${databaseId}/`)).map(([, t]) => t);
  const now = toIso(new Date());
  if (mine.length === 0) return { createdAt: now, updatedAt: now };
  const created = mine.map((t) => t.createdAt).sort();
  const updated = mine.map((t) => t.updatedAt).sort();
  return { createdAt: created[0]!, updatedAt: updated.at(-1)! };
}

export function registerSchemaRoutes(api: FastifyInstance, db: Database, schema: Schema): void {
  const databases = { scope: 'databases.read' } as const;
  const collections = { scope: 'collections.read' } as const;

  const databaseOf = (req: FastifyRequest): DatabaseDef => {
    const { databaseId } = readParams(req.params, { databaseId: uid() });
    const def = schema.databases.find((d) => d.$id === databaseId);
    if (!def) throw new AppError('database_not_found');
    return def;
  };
  const collectionOf = (req: FastifyRequest) => {
    const database = databaseOf(req);
    const { collectionId } = readParams(req.params, { collectionId: uid() });
    const def = schema.collections.find(
      (c) => c.databaseId === database.$id && c.$id === collectionId,
    );
    if (!def) throw new AppError('collection_not_found');
    return def;
  };
  const keyOf = (req: FastifyRequest) => readParams(req.params, { key: uid() }).key;

  api.get('/databases', { config: databases }, async (req) => {
    const { queries, search } = readListParams(input(req));
    const times = await collectionTimes(db);
    const models = schema.databases.map((d) => toDatabaseModel(d, databaseTimes(times, d.$id)));
    const page = memoryPage(DATABASES, models, queries, {
      idOf: (d) => d.$id,
      noun: 'Database',
      search: { term: search, text: (d) => `${d.$id} ${d.name}` },
    });
    return { total: page.total, databases: page.items };
  });

  api.get('/databases/:databaseId', { config: databases }, async (req) => {
    const def = databaseOf(req);
    return toDatabaseModel(def, databaseTimes(await collectionTimes(db), def.$id));
  });

  const base = '/databases/:databaseId/collections';
  api.get(base, { config: collections }, async (req) => {
    const database = databaseOf(req);
    const { queries, search } = readListParams(input(req));
    const times = await collectionTimes(db);
    const fallback = databaseTimes(times, database.$id);
    const models = schema.collections
      .filter((c) => c.databaseId === database.$id)
      .map((c) => toCollectionModel(c, times.get(`${c.databaseId}/${c.$id}`) ?? fallback));
    const page = memoryPage(COLLECTIONS, models, queries, {
      idOf: (c) => c.$id,
      noun: 'Collection',
      search: { term: search, text: (c) => `${c.$id} ${c.name}` },
    });
    return { total: page.total, collections: page.items };
  });

  api.get(`${base}/:collectionId`, { config: collections }, async (req) => {
    const def = collectionOf(req);
    const times = await collectionTimes(db);
    const at = times.get(`${def.databaseId}/${def.$id}`) ?? databaseTimes(times, def.databaseId);
    return toCollectionModel(def, at);
  });

  const attributes = `${base}/:collectionId/attributes`;
  api.get(attributes, { config: collections }, async (req) => {
    const models = collectionOf(req).attributes.map(toAttributeModel);
    const { queries } = readParams(input(req), { queries: queriesParam });
    const page = memoryPage(ATTRIBUTES, models, queries, { idOf: (a) => a.key, noun: 'Attribute' });
    return { total: page.total, attributes: page.items };
  });

  api.get(`${attributes}/:key`, { config: collections }, async (req) => {
    const key = keyOf(req);
    const found = collectionOf(req).attributes.find((a) => a.key === key);
    if (!found) throw new AppError('attribute_not_found');
    return toAttributeModel(found);
  });

  const indexes = `${base}/:collectionId/indexes`;
  api.get(indexes, { config: collections }, async (req) => {
    const models = collectionOf(req).indexes.map(toIndexModel);
    const { queries } = readParams(input(req), { queries: queriesParam });
    const page = memoryPage(INDEXES, models, queries, { idOf: (i) => i.key, noun: 'Index' });
    return { total: page.total, indexes: page.items };
  });

  api.get(`${indexes}/:key`, { config: collections }, async (req) => {
    const key = keyOf(req);
    const found = collectionOf(req).indexes.find((i) => i.key === key);
    if (!found) throw new AppError('index_not_found');
    return toIndexModel(found);
  });
}
