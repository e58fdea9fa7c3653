import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser, type SdkUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let user: SdkUser;
beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  user = await signedInUser(server);
});
afterAll(() => server.close());

const structure = (data: Record<string, unknown>, message: string) =>
  expectError(user.databases.createDocument('lab', 'items', 'unique()', data), {
    code: 400,
    type: 'document_invalid_structure',
    message: `Invalid document structure: ${message}`,
  });

describe('document structure (docs/protocol.md §3.1.1)', () => {
  it.each([
    [{ name: 'x' }, 'Missing required attribute "title"'],
    [{ title: null }, 'Missing required attribute "title"'],
    [{ title: 'x', nope: 1 }, 'Unknown attribute: "nope"'],
    [{ title: 'x', $databaseId: 'lab' }, 'Unknown attribute: "$databaseId"'],
    [
      { title: 'x'.repeat(129) },
      'Attribute "title" has invalid type. Value must be a valid string and no longer than 128 chars',
    ],
    [{ title: 'x', n: 1.5 }, 'Attribute "n" has invalid type. Value must be a valid integer'],
    [{ title: 'x', n: '1' }, 'Attribute "n" has invalid type. Value must be a valid integer'],
    [
      { title: 'x', n: 1001 },
      'Attribute "n" has invalid format. Value must be a valid range between -1,000 and 1,000',
    ],
    [{ title: 'x', f: 'a' }, 'Attribute "f" has invalid type. Value must be a valid float'],
    [{ title: 'x', b: 1 }, 'Attribute "b" has invalid type. Value must be a valid boolean'],
    [
      { title: 'x', kind: 'z' },
      'Attribute "kind" has invalid format. Value must be one of (a, b, c)',
    ],
    [
      { title: 'x', mail: 'nope' },
      'Attribute "mail" has invalid format. Value must be a valid email address',
    ],
    [
      { title: 'x', site: 'not a url' },
      'Attribute "site" has invalid format. Value must be a valid URL',
    ],
    [
      { title: 'x', ip: '300.1.1.1' },
      'Attribute "ip" has invalid format. Value must be a valid IP address',
    ],
    [{ title: 'x', tags: 'red' }, 'Attribute "tags" must be an array'],
    [
      { title: 'x', tags: ['ok', 5] },
      `Attribute "tags['1']" has invalid type. Value must be a valid string and no longer than 32 chars`,
    ],
    [
      { title: 'x', name: ['a'] },
      'Attribute "name" has invalid type. Value must be a valid string and no longer than 32 chars',
    ],
  ])('%j', async (data, message) => {
    await structure(data, message);
  });

  // PostgreSQL's text cannot store U+0000: it is refused as a user's mistake on both databases.
  it('refuses the NUL character in any string value, on create and on update', async () => {
    const nul =
      'Attribute "title" has invalid format. Value must not contain the NUL character (U+0000)';
    await structure({ title: 'A\u0000B' }, nul);
    await structure({ title: '\u0000' }, nul);
    await structure(
      { title: 'x', tags: ['ok', 'a\u0000'] },
      `Attribute "tags['1']" has invalid format. Value must not contain the NUL character (U+0000)`,
    );
    await structure(
      { title: 'x', kind: 'a\u0000' },
      'Attribute "kind" has invalid format. Value must not contain the NUL character (U+0000)',
    );
    const doc = await user.databases.createDocument('lab', 'items', 'unique()', { title: 'ok' });
    await expectError(user.databases.updateDocument('lab', 'items', doc.$id, { name: 'a\u0000' }), {
      code: 400,
      type: 'document_invalid_structure',
      message: /NUL character/,
    });
    expect((await user.databases.getDocument('lab', 'items', doc.$id)).name).toBeNull();
  });

  it('accepts valid values and normalises dates; unicode length counts characters', async () => {
    const doc = await user.databases.createDocument('lab', 'items', 'unique()', {
      title: '東'.repeat(128),
      d: '1975-06-12 14:12:55+02:00',
      f: 2,
      mail: 'a@b.co',
      site: 'https://courtside.test/x',
      ip: '::1',
      tags: [],
      $createdAt: '2000-01-01T00:00:00.000+00:00',
    });
    expect(doc).toMatchObject({ d: '1975-06-12T12:12:55.000+00:00', f: 2, tags: [], n: null });
    expect(doc.$createdAt.startsWith('2000')).toBe(false);
    // An IANA zone name, as Appwrite 1.4 takes it: stored as the UTC instant.
    const zoned = await user.databases.updateDocument('lab', 'items', doc.$id, {
      d: '1975-06-12 14:12:55 America/New_York',
    });
    expect(zoned.d).toBe('1975-06-12T18:12:55.000+00:00');
  });

  it('empty data, $id in data, missing payload and a broken body are 400s', async () => {
    await expectError(user.databases.createDocument('lab', 'items', 'unique()', {}), {
      code: 400,
      type: 'document_missing_data',
    });
    await expectError(
      user.databases.createDocument('lab', 'items', 'unique()', { $id: 'x', title: 'x' }),
      {
        code: 400,
        type: 'document_invalid_structure',
      },
    );
    const doc = await user.databases.createDocument('lab', 'items', 'unique()', { title: 'x' });
    await expectError(user.databases.updateDocument('lab', 'items', doc.$id, {}), {
      code: 400,
      type: 'document_missing_payload',
    });
    await expectError(user.databases.updateDocument('lab', 'items', doc.$id, { title: null }), {
      code: 400,
      type: 'document_invalid_structure',
    });
    const url = `${server.endpoint}/databases/lab/collections/items/documents`;
    for (const body of [
      '{"documentId":"a","data":"{nope"}',
      '{"documentId":"a"}',
      '{"documentId":"_a","data":{"title":"x"}}',
      '{"documentId":"a","data":[1]}',
      '{"documentId":"a","data":{"title":"x"},"permissions":"read(\\"any\\")x"}',
    ]) {
      const res = await raw(url, { method: 'POST', body });
      expect(res.status, body).toBe(400);
      expect(res.body?.type).toBe('general_argument_invalid');
    }
  });
});
