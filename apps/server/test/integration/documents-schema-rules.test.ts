import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labAttributes, labSchema, labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, sdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A schema that tightens a rule (size, enum elements, min and max, required, a unique index)
 * starts only when the stored documents still fit; otherwise start-up stops with a message
 * that says what to do, and the data stays as it was.
 */
let server: TestServer;
let file: string;
beforeAll(async () => {
  file = labSchemaFile();
  server = await startTestServer({ env: { SCHEMA_FILE: file } });
  const user = await signedInUser(server);
  const items: Record<string, unknown>[] = [
    { title: 'A long enough title', name: 'twin', n: 4, kind: 'a', tags: ['red', 'crimson'] },
    { title: 'Short', name: 'twin', n: -7, kind: 'b', tags: [] },
    { title: 'Third', name: null, n: 900, kind: 'a' },
  ];
  for (const [i, data] of items.entries()) {
    await user.databases.createDocument('lab', 'items', `d${i}`, data);
  }
});
afterAll(() => server.close());

const withAttribute = (key: string, change: Record<string, unknown>) => {
  const schema = labSchema();
  schema.collections[0]!.attributes = labAttributes.map((a) =>
    a.key === key ? { ...a, ...change } : a,
  );
  return schema;
};

async function refused(schema: unknown, message: RegExp) {
  writeFileSync(file, JSON.stringify(schema));
  await expect(server.restart()).rejects.toThrow(message);
}

async function accepted(schema: unknown) {
  writeFileSync(file, JSON.stringify(schema));
  server = await server.restart();
}

describe('tightened rules at start', () => {
  it('a smaller string size that stored values no longer fit', async () => {
    await refused(
      withAttribute('title', { size: 10 }),
      /collection lab\/items .*attribute "title" now allows at most 10 characters but 1 documents hold longer values \(the longest has 19\)\. Shorten those values first, or keep "size" large enough/,
    );
    await refused(
      withAttribute('tags', { size: 5 }),
      /attribute "tags" now allows at most 5 characters but 1 documents hold longer values/,
    );
    await accepted(withAttribute('title', { size: 19 }));
    expect((await sdkUser(server).databases.getDocument('lab', 'items', 'd0')).title).toBe(
      'A long enough title',
    );
  });

  it('enum elements that stored documents use', async () => {
    await refused(
      withAttribute('kind', { elements: ['b', 'c'] }),
      /attribute "kind" now allows only \(b, c\) but 2 documents hold other values \(a, a\)\. Change those documents to one of the allowed values first/,
    );
    await accepted(withAttribute('kind', { elements: ['a', 'b'] }));
  });

  it('a min or max that stored numbers fall outside', async () => {
    await refused(
      withAttribute('n', { min: 0, max: 1000 }),
      /attribute "n" now must be between 0 and 1000 but 1 documents hold values outside \(-7\)\. Change those values first, or widen "min" and "max"/,
    );
    await refused(withAttribute('n', { min: -1000, max: 100 }), /hold values outside \(900\)/);
    await accepted(withAttribute('n', { min: -10, max: 900 }));
  });

  it('"now required" while documents have no value', async () => {
    await refused(
      withAttribute('name', { required: true }),
      /attribute "name" is now required but 1 documents have no value\. Give those documents a value first, or keep the attribute optional/,
    );
    await refused(
      withAttribute('tags', { required: true }),
      /attribute "tags" is now required but 2 documents have no value/,
    );
  });

  it('a unique index over duplicate values', async () => {
    await refused(
      labSchema({ indexes: [{ key: 'name_unique', type: 'unique', attributes: ['name'] }] }),
      /the unique index "name_unique" cannot be made because existing documents share values of name\. Change those documents so the values are unique, or make the index a "key" index/,
    );
  });

  it('starts again on the old schema with every document as it was', async () => {
    await accepted(labSchema());
    const list = await sdkUser(server).databases.listDocuments('lab', 'items');
    expect(list.documents.map((d) => [d.$id, d.title, d.n, d.kind])).toEqual([
      ['d0', 'A long enough title', 4, 'a'],
      ['d1', 'Short', -7, 'b'],
      ['d2', 'Third', 900, 'a'],
    ]);
  });
});
