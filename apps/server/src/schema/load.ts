import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Schema } from './types.js';

/**
 * Reads and checks a schema file. Anything the server could not honour is refused at start with
 * the path of the problem, so a typo never becomes a half-made collection.
 */
const id = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/,
    'must be an id of at most 36 chars (a-z, A-Z, 0-9, . - _)',
  );
const key = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_]{0,35}$/, 'must be a key of at most 36 chars (a-z, A-Z, 0-9, _)');
const permission = z
  .string()
  .regex(/^(read|create|update|delete|write)\("[^"]+"\)$/, 'must look like read("any")');

const base = { key, required: z.boolean().default(false), array: z.boolean().default(false) };
const int = z.number().int();

const attribute = z.union([
  z.object({
    ...base,
    type: z.literal('string'),
    format: z.literal('enum'),
    elements: z.array(z.string().min(1)).min(1),
    size: z.number().int().positive().optional(),
    default: z.string().nullable().default(null),
  }),
  z.object({
    ...base,
    type: z.literal('string'),
    size: z.number().int().positive().max(1_073_741_824),
    format: z.enum(['', 'email', 'url', 'ip']).optional(),
    default: z.string().nullable().default(null),
  }),
  z.object({
    ...base,
    type: z.literal('integer'),
    min: int.optional(),
    max: int.optional(),
    default: int.nullable().default(null),
  }),
  z.object({
    ...base,
    type: z.literal('double'),
    min: z.number().optional(),
    max: z.number().optional(),
    default: z.number().nullable().default(null),
  }),
  z.object({ ...base, type: z.literal('boolean'), default: z.boolean().nullable().default(null) }),
  z.object({
    ...base,
    type: z.literal('datetime'),
    format: z.string().optional(),
    default: z.string().nullable().default(null),
  }),
]);

const index = z.object({
  key,
  type: z.enum(['key', 'unique', 'fulltext']),
  attributes: z.array(z.string().min(1)).min(1),
  orders: z.array(z.enum(['ASC', 'DESC']).nullable()).optional(),
});

const collection = z.object({
  $id: id,
  $permissions: z.array(permission).default([]),
  databaseId: id,
  name: z.string().min(1),
  enabled: z.boolean().default(true),
  documentSecurity: z.boolean().default(false),
  attributes: z.array(attribute).default([]),
  indexes: z.array(index).default([]),
});

const bucket = z.object({
  $id: id,
  $permissions: z.array(permission).default([]),
  name: z.string().min(1),
  enabled: z.boolean().default(true),
  fileSecurity: z.boolean().default(false),
  maximumFileSize: z.number().int().positive().max(30_000_000).default(30_000_000),
  allowedFileExtensions: z.array(z.string().min(1).max(64)).max(100).default([]),
  compression: z.enum(['none', 'gzip', 'zstd']).default('none'),
  encryption: z.boolean().default(false),
  antivirus: z.boolean().default(false),
});

const schemaFile = z.object({
  projectId: z.string().optional(),
  projectName: z.string().optional(),
  databases: z
    .array(z.object({ $id: id, name: z.string().min(1), enabled: z.boolean().default(true) }))
    .default([]),
  collections: z.array(collection).default([]),
  buckets: z.array(bucket).default([]),
});

export class SchemaError extends Error {
  constructor(file: string, problems: string[]) {
    super(`The schema ${file} cannot be used:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SchemaError';
  }
}

/** Checks what the format alone cannot: references between parts, duplicates, index fields. */
function crossCheck(s: Schema): string[] {
  const problems: string[] = [];
  const dbIds = new Set(s.databases.map((d) => d.$id));
  const seen = new Set<string>();
  for (const c of s.collections) {
    const where = `collection ${c.databaseId}/${c.$id}`;
    if (!dbIds.has(c.databaseId))
      problems.push(`${where}: database "${c.databaseId}" is not declared`);
    if (seen.has(`${c.databaseId}/${c.$id}`)) problems.push(`${where}: declared twice`);
    seen.add(`${c.databaseId}/${c.$id}`);
    const keys = new Set<string>();
    for (const a of c.attributes) {
      if (keys.has(a.key)) problems.push(`${where}: attribute "${a.key}" declared twice`);
      keys.add(a.key);
      if (a.required && a.default !== null)
        problems.push(`${where}: attribute "${a.key}" is required and cannot have a default`);
    }
    for (const i of c.indexes) {
      for (const attr of i.attributes) {
        if (!keys.has(attr) && !['$id', '$createdAt', '$updatedAt'].includes(attr)) {
          problems.push(`${where}: index "${i.key}" names unknown attribute "${attr}"`);
        }
      }
      if (
        i.type === 'fulltext' &&
        i.attributes.some((a) => !c.attributes.find((x) => x.key === a && x.type === 'string'))
      ) {
        problems.push(`${where}: fulltext index "${i.key}" must be on string attributes`);
      }
    }
  }
  const buckets = new Set<string>();
  for (const b of s.buckets) {
    if (buckets.has(b.$id)) problems.push(`bucket ${b.$id}: declared twice`);
    buckets.add(b.$id);
  }
  return problems;
}

export function parseSchema(data: unknown, file = 'schema'): Schema {
  const parsed = schemaFile.safeParse(data);
  if (!parsed.success) {
    throw new SchemaError(
      file,
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  const schema = parsed.data as Schema;
  const problems = crossCheck(schema);
  if (problems.length > 0) throw new SchemaError(file, problems);
  return schema;
}

export function loadSchemaFile(file: string): Schema {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SchemaError(file, [`not readable JSON: ${(e as Error).message}`]);
  }
  return parseSchema(data, file);
}
