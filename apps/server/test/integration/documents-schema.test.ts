import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labAttributes, labSchema, labSchemaFile } from '../support/lab-schema.js';
import { expectError } from '../support/expect-error.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let file: string;
beforeAll(async () => {
  file = labSchemaFile();
  server = await startTestServer({ env: { SCHEMA_FILE: file } });
});
afterAll(() => server.close());

const write = (schema: unknown) => writeFileSync(file, JSON.stringify(schema));

describe('schema sync at start', () => {
  it('adds collections, attributes and indexes to existing data without loss', async () => {
    const user = await signedInUser(server);
    await user.databases.createDocument('lab', 'items', 'old', { title: 'Kept shoe', n: 4 });
    const schema = labSchema({
      attributes: [
        { key: 'extra', type: 'integer', required: false, default: 5 },
        { key: 'label', type: 'string', size: 20, required: false },
      ],
      indexes: [
        { key: 'label_ft', type: 'fulltext', attributes: ['label'] },
        { key: 'extra_key', type: 'key', attributes: ['extra', '$createdAt'] },
      ],
    });
    schema.collections.push({
      $id: 'fresh',
      databaseId: 'lab',
      name: 'Fresh',
      $permissions: ['read("any")', 'create("any")'],
      documentSecurity: false,
      attributes: [{ key: 'x', type: 'string', size: 5, required: true }],
      indexes: [],
    });
    write(schema);
    server = await server.restart();
    const visitor = sdkUser(server);
    const old = await visitor.databases.getDocument('lab', 'items', 'old');
    expect(old).toMatchObject({ title: 'Kept shoe', n: 4, extra: 5, label: null });
    expect(
      (await visitor.databases.listDocuments('lab', 'items', ['search("title", ["kept"])'])).total,
    ).toBe(1);
    expect(
      (await visitor.databases.listDocuments('lab', 'items', ['equal("extra", [5])'])).total,
    ).toBe(1);
    await visitor.databases.createDocument('lab', 'fresh', 'f1', { x: 'hi' });
    expect((await visitor.databases.listDocuments('lab', 'fresh')).total).toBe(1);
    // Same schema again: nothing to do, nothing lost.
    server = await server.restart();
    expect((await sdkUser(server).databases.getDocument('lab', 'fresh', 'f1')).x).toBe('hi');
  });

  it('refuses an incompatible change with a message that says what to do', async () => {
    const changed = labSchema();
    changed.collections[0]!.attributes = labAttributes.map((a) =>
      a.key === 'n' ? { key: 'n', type: 'string', size: 10, required: false } : a,
    );
    write(changed);
    await expect(server.restart()).rejects.toThrow(
      /collection lab\/items .*attribute "n" was integer "n" and is now string "n"\. Add a new attribute with another key instead/,
    );
    const required = labSchema({
      attributes: [{ key: 'must', type: 'string', size: 5, required: true }],
    });
    write(required);
    await expect(server.restart()).rejects.toThrow(
      /new attribute "must" is required but 1 documents exist/,
    );
    write(labSchema());
    server = await server.restart();
    expect((await sdkUser(server).databases.getDocument('lab', 'items', 'old')).n).toBe(4);
  });

  it('a schema file that names a missing database refuses to start', async () => {
    const broken = labSchema();
    broken.collections[0]!.databaseId = 'nowhere';
    write(broken);
    await expect(server.restart()).rejects.toThrow(/database "nowhere" is not declared/);
    write(labSchema());
    server = await server.restart();
    await expectError(sdkUser(server).databases.listDocuments('lab', 'nope'), {
      code: 404,
      type: 'collection_not_found',
    });
  });
});
