import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { makeContext, type Context } from './context.js';
import { schemaFile, storageSchema } from './schema.js';
import { storagePermissionRows } from './storage-permission-rows.js';
import {
  changeRows,
  listRows,
  previewDepartureRows,
  readRows,
  uploadRows,
} from './storage-rows.js';
import { rows } from './table.js';

/**
 * Appwrite 1.4's e2e expectations for Storage (tests/e2e/Services/Storage), row by row, through
 * the Web SDK 13.0.2 on this run's database (README "Where Courtside departs from Appwrite 1.4"
 * lists the rows marked as differing).
 */
let server: TestServer;
let context: Context;
const c = () => context;

beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: schemaFile(storageSchema) } });
  context = await makeContext(server);
});
afterAll(() => server.close());

describe('upload, whole and chunked', () => rows(uploadRows, c));
describe('list', () => rows(listRows, c));
describe('get, preview, download, view', () => rows([...readRows, ...previewDepartureRows], c));
describe('preview cache, update, delete', () => rows(changeRows, c));
describe('bucket and file permissions', () => rows(storagePermissionRows, c));
