import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_METHODS } from '../../src/protocol/queries.js';
import { labSchemaFile } from '../support/lab-schema.js';
import { signedInUser } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SCHEMA_FILE: labSchemaFile() } });
  const user = await signedInUser(server);
  await user.databases.createDocument('lab', 'items', 'a', { title: 'Alpha', n: 1, tags: ['x'] });
});
afterAll(() => server.close());

const method = fc.constantFrom(
  ...FILTER_METHODS,
  'select',
  'orderAsc',
  'orderDesc',
  'cursorAfter',
  'cursorBefore',
  'limit',
  'offset',
  'bogus',
);
const attribute = fc.constantFrom(
  'title',
  'name',
  'n',
  'f',
  'b',
  'd',
  'tags',
  'kind',
  '$id',
  '$createdAt',
  'x',
);
const value = fc.oneof(
  fc.integer({ min: -2000, max: 2000 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.constantFrom(
    'true',
    'false',
    'null',
    '"2024-01-01"',
    '"a"',
    "'%_'",
    '"東京"',
    '""',
    '"a"',
    '"a\u0000"',
    '"\u0000"',
  ),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  // Raw control characters, U+0000 included, as a client could send them.
  fc
    .string({ unit: fc.constantFrom('a', '\u0000', '\u0001', '\n', '"'), maxLength: 6 })
    .map((s) => `"${s}"`),
);
const query = fc.oneof(
  fc
    .tuple(method, attribute, fc.array(value, { maxLength: 3 }))
    .map(([m, a, vs]) => `${m}("${a}", [${vs.join(',')}])`),
  fc.tuple(method, value).map(([m, v]) => `${m}(${v})`),
  fc.tuple(method, attribute, value, value).map(([m, a, x, y]) => `${m}("${a}", ${x}, ${y})`),
  fc.string({ minLength: 1, maxLength: 60 }),
);

describe('random queries over HTTP', () => {
  it('answer 200 or a 400 protocol error, never a 500', async () => {
    const base = `${server.endpoint}/databases/lab/collections/items/documents`;
    await fc.assert(
      fc.asyncProperty(fc.array(query, { minLength: 1, maxLength: 4 }), async (queries) => {
        const qs = queries.map((q, i) => `queries[${i}]=${encodeURIComponent(q)}`).join('&');
        const res = await fetch(`${base}?${qs}`, {
          headers: { 'X-Appwrite-Project': 'courtside' },
        });
        const body = (await res.json()) as { type?: string; total?: number };
        if (res.status === 200) expect(typeof body.total).toBe('number');
        else {
          expect(res.status, JSON.stringify({ queries, body })).toBe(400);
          expect(['general_argument_invalid', 'general_cursor_not_found']).toContain(body.type);
        }
      }),
      { numRuns: 300 },
    );
  });
});
