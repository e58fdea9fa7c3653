import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSchema } from '../../support/documents.js';

/**
 * The collections and buckets Appwrite 1.4's e2e suite makes through its console API, declared
 * once in a schema file (Courtside's way to make them). Permissions name the suite's users by
 * the ids they sign up with, as Appwrite's tests name theirs.
 */
export const ME = 'cfuser';
export const DB = 'cf';

const all = (role: string) => ['read', 'create', 'update', 'delete'].map((t) => `${t}("${role}")`);
const title = { key: 'title', type: 'string', size: 256, required: true };

const collection = (
  $id: string,
  $permissions: string[],
  documentSecurity: boolean,
  attributes: unknown[] = [title],
  indexes: unknown[] = [],
  enabled = true,
) => ({
  $id,
  databaseId: DB,
  name: $id,
  $permissions,
  documentSecurity,
  attributes,
  indexes,
  enabled,
});

/** DatabasesBase's Movies collection (testCreateAttributes, testCreateIndexes). */
const movies = collection(
  'movies',
  [`create("user:${ME}")`],
  true,
  [
    title,
    { key: 'description', type: 'string', size: 512, required: false, default: '' },
    { key: 'tagline', type: 'string', size: 512, required: false, default: '' },
    { key: 'releaseYear', type: 'integer', required: true, min: 1900, max: 2200 },
    { key: 'duration', type: 'integer', required: false, min: 60 },
    { key: 'actors', type: 'string', size: 256, required: false, array: true },
    { key: 'birthDay', type: 'datetime', required: false },
  ],
  [
    { key: 'titleIndex', type: 'fulltext', attributes: ['title'] },
    { key: 'releaseYear', type: 'key', attributes: ['releaseYear'] },
    {
      key: 'releaseYearDated',
      type: 'key',
      attributes: ['releaseYear', '$createdAt', '$updatedAt'],
    },
    { key: 'birthDay', type: 'key', attributes: ['birthDay'] },
  ],
);

/** testInvalidDocumentStructure's collection: one attribute per validator. */
const structure = collection('structure', ['create("any")', 'read("any")'], true, [
  { key: 'email', type: 'string', format: 'email', size: 254, required: false },
  {
    key: 'enum',
    type: 'string',
    format: 'enum',
    elements: ['yes', 'no', 'maybe'],
    required: false,
  },
  { key: 'ip', type: 'string', format: 'ip', size: 39, required: false },
  { key: 'url', type: 'string', format: 'url', size: 256, required: false },
  { key: 'range', type: 'integer', required: false, min: 1, max: 10 },
  { key: 'floatRange', type: 'double', required: false, min: 1.1, max: 1.4 },
  { key: 'probability', type: 'double', required: false, min: 0, max: 1, default: 0 },
  { key: 'upperBound', type: 'integer', required: false, max: 10 },
  { key: 'lowerBound', type: 'integer', required: false, min: 5 },
  { key: 'birthDay', type: 'datetime', required: false },
]);

const attribute = [{ key: 'attribute', type: 'string', size: 64, required: true }];
const attributeIndex = [{ key: 'key_attribute', type: 'key', attributes: ['attribute'] }];

export const databasesSchema = {
  projectId: 'courtside',
  databases: [{ $id: DB, name: 'Conformance' }],
  collections: [
    movies,
    {
      ...movies,
      $id: 'unique_titles',
      indexes: [{ key: 'unique_title', type: 'unique', attributes: ['title'] }],
    },
    structure,
    // testEnforceCollectionAndDocumentPermissions / testEnforceCollectionPermissions
    collection('enforce_both', all(`user:${ME}`), true, attribute, attributeIndex),
    collection('enforce_coll', all(`user:${ME}`), false, attribute, attributeIndex),
    // testUpdatePermissionsWithEmptyPayload
    collection('empty_payload', all(`user:${ME}`), true),
    // DatabasesCustomClientTest::testUpdateWithoutPermission
    collection('permission_check', [], true, [
      { key: 'name', type: 'string', size: 255, required: true },
    ]),
    // DatabasesCustomClientTest::testAllowedPermissions
    collection('allowed', [`write("user:${ME}")`], true),
    // testDisableCollection
    collection('disabled', all('any'), false, [title], [], false),
    // DatabasesPermissionsGuestTest
    collection('guest_public', all('any'), false),
    collection('guest_private', [], true),
    collection('guest_write', ['create("any")'], true),
    // DatabasesPermissionsMemberTest
    collection('member_public', all('any'), true),
    collection('member_private', all('users'), true),
    collection('member_doconly', [], true),
  ],
  buckets: [],
};

const bucket = (
  $id: string,
  $permissions: string[],
  fileSecurity: boolean,
  more: Record<string, unknown> = {},
) => ({
  $id,
  name: $id,
  $permissions,
  fileSecurity,
  enabled: true,
  maximumFileSize: 30_000_000,
  allowedFileExtensions: [],
  compression: 'none',
  encryption: false,
  antivirus: false,
  ...more,
});

export const storageSchema = {
  projectId: 'courtside',
  databases: [],
  collections: [],
  buckets: [
    // StorageBase::testCreateBucketFile's "Test Bucket" and "Test Bucket 2"
    bucket('files', all('any'), true, {
      maximumFileSize: 2_000_000,
      allowedFileExtensions: ['jpg', 'png'],
    }),
    bucket('large', all('any'), true),
    // StorageCustomClientTest: bucket permissions (no file security), then file permissions
    bucket('bucket_any', all('any'), false),
    bucket('bucket_users', all('users'), false),
    bucket('bucket_user', all(`user:${ME}`), false),
    bucket('file_security', [], true),
    bucket('allowed', [`write("user:${ME}")`], true),
    bucket('closed', all('any'), false, { enabled: false }),
  ],
};

/** Writes a schema to a new temporary folder; returns its path for SCHEMA_FILE. */
export const schemaFile = (schema: unknown) =>
  writeSchema(mkdtempSync(join(tmpdir(), 'courtside-conformance-')), schema);
