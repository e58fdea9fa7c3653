import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSchema } from './documents.js';

/** A schema with one attribute of every type, for the query and schema-sync tests. */
export const labAttributes = [
  { key: 'title', type: 'string', size: 128, required: true },
  { key: 'name', type: 'string', size: 32, required: false },
  { key: 'n', type: 'integer', min: -1000, max: 1000, required: false },
  { key: 'f', type: 'double', required: false },
  { key: 'b', type: 'boolean', required: false },
  { key: 'd', type: 'datetime', required: false },
  { key: 'tags', type: 'string', size: 32, required: false, array: true },
  { key: 'kind', type: 'string', format: 'enum', elements: ['a', 'b', 'c'], required: false },
  { key: 'mail', type: 'string', format: 'email', size: 320, required: false },
  { key: 'site', type: 'string', format: 'url', size: 320, required: false },
  { key: 'ip', type: 'string', format: 'ip', size: 64, required: false },
];

export function labSchema(extra: { attributes?: unknown[]; indexes?: unknown[] } = {}) {
  return {
    projectId: 'courtside',
    databases: [{ $id: 'lab', name: 'Lab' }],
    collections: [
      {
        $id: 'items',
        databaseId: 'lab',
        name: 'Items',
        $permissions: ['read("any")', 'create("users")', 'update("users")', 'delete("users")'],
        documentSecurity: false,
        attributes: [...labAttributes, ...(extra.attributes ?? [])],
        indexes: [
          { key: 'title_ft', type: 'fulltext', attributes: ['title'] },
          { key: 'n_key', type: 'key', attributes: ['n'] },
          ...(extra.indexes ?? []),
        ],
      },
      {
        $id: 'notes',
        databaseId: 'lab',
        name: 'Notes',
        $permissions: ['create("users")'],
        documentSecurity: true,
        attributes: [{ key: 'body', type: 'string', size: 200, required: true }],
        indexes: [],
      },
    ],
  };
}

export function labSchemaFile(extra?: Parameters<typeof labSchema>[0]): string {
  return writeSchema(mkdtempSync(join(tmpdir(), 'courtside-schema-')), labSchema(extra));
}
