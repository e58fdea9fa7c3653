import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import { buildCollection } from '../../src/modules/databases/collections.js';
import { FILES } from '../../src/modules/storage/files/file-query.js';
import { buildPlan } from '../../src/query/plan.js';
import { parseQuery, QueryError } from '../../src/protocol/queries.js';
import { Q } from '../../src/protocol/query-builder.js';
import { parseSchema } from '../../src/schema/load.js';
import { labSchema } from '../support/lab-schema.js';

const items = buildCollection(parseSchema(labSchema()).collections[0]!);

describe('parseQuery (docs/protocol.md §5.2)', () => {
  it.each([
    ['equal("title", ["a, b"])', 'equal', [['a, b']]],
    ['equal("n", 1944)', 'equal', [1944]],
    ['equal("n", ["1944"])', 'equal', [['1944']]],
    ['equal("n", [1,2.5,-3,1e3])', 'equal', [[1, 2.5, -3, 1000]]],
    ['equal("b", [true,false,null])', 'equal', [[true, false, null]]],
    ['between("n", 1, 5)', 'between', [1, 5]],
    ['isNull("name")', 'isNull', []],
    ['select(["a","b"])', 'select', [['a', 'b']]],
    ['orderAsc("")', 'orderAsc', []],
    ['limit(25)', 'limit', [25]],
    ["equal('t', ['it\\'s'])", 'equal', [["it's"]]],
    ['equal("t", ["say \\"hi\\""])', 'equal', [['say "hi"']]],
    ['equal("t", ["a\\]b"])', 'equal', [['a]b']]],
    ['equal("t", ["back\\slash"])', 'equal', [['back\\slash']]],
    ['equal("t", ["東京 ü"])', 'equal', [['東京 ü']]],
    ['equal("t", ["x" ])', 'equal', [['x']]],
  ])('%s', (text, method, params) => {
    const parsed = parseQuery(text);
    expect(parsed.method).toBe(method);
    expect(parsed.params.slice(method === 'select' || method === 'limit' ? 0 : 1)).toEqual(params);
  });

  it('rejects strings without a parenthesis and dotted methods', () => {
    expect(() => parseQuery('equal')).toThrow(QueryError);
    expect(() => parseQuery('title.equal("a")')).toThrow(QueryError);
    expect(() => parseQuery('equal("a)')).toThrow(QueryError);
  });
});

describe('buildPlan', () => {
  it('checks the files list against the same rules, with its own attributes', () => {
    const plan = buildPlan(FILES, [
      'equal("mimeType", ["image/png"])',
      'search("name", ["kobe"])',
      'orderDesc("sizeOriginal")',
      'limit(6000)',
    ]);
    expect(plan.filters.map((f) => [f.method, f.column.column])).toEqual([
      ['equal', 'mime_type'],
      ['search', 'name'],
    ]);
    expect(plan.limit).toBe(6000); // files have no limit of their own (documents stop at 5000)
    const refused = (q: string) => () => buildPlan(FILES, [q]);
    expect(refused('select(["name"])')).toThrow('Invalid query: Invalid query method: select');
    expect(refused('equal("$internalId", [1])')).toThrow('Attribute not found in schema');
    expect(refused('equal("sizeOriginal", ["12"])')).toThrow('does not match expected: integer');
    expect(refused('search("sizeOriginal", ["1"])')).toThrow(
      'Searching by attribute "sizeOriginal" requires a fulltext index.',
    );
    expect(refused('limit(1e20)')).toThrow('Invalid limit');
    expect(() => buildPlan(items, ['limit(6000)'])).toThrow('between 1 and 5,000');
  });

  it('builds a typed plan', () => {
    const plan = buildPlan(items, [
      'equal("name", ["a","b"])',
      'greaterThan("d", "2024-01-01")',
      'orderDesc("n")',
      'limit(10)',
      'offset(5)',
      'cursorAfter("abc")',
    ]);
    expect(plan.filters.map((f) => [f.method, f.column.column, f.values])).toEqual([
      ['equal', 'a_name', ['a', 'b']],
      ['greaterThan', 'a_d', ['2024-01-01T00:00:00.000+00:00']],
    ]);
    expect(plan).toMatchObject({ limit: 10, offset: 5, cursor: { id: 'abc', direction: 'after' } });
    expect(plan.orders[0]).toMatchObject({ direction: 'DESC', column: { key: 'n' } });
  });

  it('refuses the NUL character in values with a 400', () => {
    for (const q of [
      'equal("title", ["a\u0000"])',
      'startsWith("title", "\u0000")',
      'contains("tags", ["x\u0000"])',
    ]) {
      expect(() => buildPlan(items, [q]), q).toThrow(/NUL character/);
    }
  });

  it('column names come from the schema, never from the query', () => {
    expect(() => buildPlan(items, ['equal("title\\"; DROP TABLE x; --", ["a"])'])).toThrow(
      AppError,
    );
  });
});

const QUERY_ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyz$_.,()[]"\'\\ -+0123456789eE',
  'equal',
  'notEqual',
  'between',
  'search',
  'select',
  'orderAsc',
  'cursorAfter',
  'limit',
  'offset',
  'isNull',
  'contains',
  'title',
  'n',
  'f',
  'd',
  'tags',
  'null',
  'true',
  '東',
  '\u0000',
];
const queryLike = fc
  .array(fc.constantFrom(...QUERY_ALPHABET), { maxLength: 40 })
  .map((parts) => parts.join(''));

describe('properties: anything yields a query or a protocol error, never an exception', () => {
  it('parseQuery on any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 100 }),
          queryLike,
        ),
        (s) => {
          try {
            const q = parseQuery(s);
            expect(typeof q.method).toBe('string');
          } catch (e) {
            expect(e).toBeInstanceOf(QueryError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('buildPlan on any list of strings: a plan or a 400', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(queryLike, fc.string()), { maxLength: 5 }), (queries) => {
        try {
          const plan = buildPlan(items, queries);
          expect(plan.limit).toBeGreaterThan(0);
        } catch (e) {
          expect(e).toBeInstanceOf(AppError);
          expect((e as AppError).status).toBe(400);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the query builder of the server’s own callers', () => {
  it('writes values the parser reads back as given', () => {
    const titles = ['Kobe 6 "Grinch"', "Jordan's, [pre-loved]", '  spaced  ', 'a,b'];
    const { method, params } = parseQuery(Q.equal('title', titles));
    expect(method).toBe('equal');
    expect(params).toEqual(['title', titles]);
    expect(parseQuery(Q.equal('n', [3, true, null])).params).toEqual(['n', [3, true, null]]);
    expect(parseQuery(Q.greaterThanEqual('period', '2026-11-24T10')).params).toEqual([
      'period',
      '2026-11-24T10',
    ]);
    expect(parseQuery(Q.limit(25.7)).params).toEqual([25]);
    expect(parseQuery(Q.cursorAfter('abc')).params).toEqual(['abc']);
    expect(parseQuery(Q.orderDesc('$createdAt'))).toEqual({
      method: 'orderDesc',
      params: ['$createdAt'],
    });
  });
});
