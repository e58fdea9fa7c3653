import { AppError } from '../protocol/errors.js';
import { searchWords } from './compile.js';
import { buildPlan, type Filter, type Order, type SqlValue } from './plan.js';
import { SEQ_KEY, tableColumn, TOTAL_CAP, type Column, type QuerySource } from './source.js';

/**
 * Lists held in memory (the schema's databases, collections, attributes, indexes and buckets)
 * filtered, ordered and paged by the same checked queries as the tables (plan.ts): the same
 * messages for a bad query, insertion order by default, cursors and `total` as docs/protocol.md
 * §5.4 and §5.5 say.
 */
const field = (key: string, kind: Column['kind'], array = false): Column =>
  tableColumn(key, key, kind, { array, notNull: false });

/** A model's queryable fields as a query source: `fields` maps each key to its kind. */
export function memorySource(
  name: string,
  fields: Record<string, Column['kind'] | [Column['kind'], 'array']>,
): QuerySource {
  const columns = Object.entries(fields).map(([key, kind]) =>
    Array.isArray(kind) ? field(key, kind[0], true) : field(key, kind),
  );
  columns.push(field(SEQ_KEY, 'integer'));
  return {
    table: name,
    columns: new Map(columns.map((c) => [c.key, c])),
    fulltext: new Map(),
    limits: { limit: TOTAL_CAP, offset: Number.MAX_SAFE_INTEGER },
    selectable: false,
  };
}

type Item = Record<string, unknown>;

/** A model's value as the plan's values are written: booleans 1 / 0, the rest as they are. */
function valueOf(item: Item, column: Column): SqlValue | SqlValue[] | null {
  const v = item[column.key];
  const one = (x: unknown): SqlValue | null =>
    typeof x === 'boolean'
      ? x
        ? 1
        : 0
      : typeof x === 'number' || typeof x === 'string'
        ? x
        : null;
  if (Array.isArray(v)) return v.map(one).filter((x): x is SqlValue => x !== null);
  return one(v);
}

const compare = (a: SqlValue, b: SqlValue) => (a < b ? -1 : a > b ? 1 : 0);

function matches(item: Item, f: Filter): boolean {
  const v = valueOf(item, f.column);
  if (f.method === 'isNull') return v === null;
  if (f.method === 'isNotNull') return v !== null;
  if (v === null) return false;
  if (Array.isArray(v)) {
    // equal and contains on a list match any element.
    return v.some((x) => f.values.some((want) => x === want));
  }
  const [a, b] = f.values as [SqlValue, SqlValue];
  switch (f.method) {
    case 'equal':
      return f.values.some((want) => v === want);
    case 'notEqual':
      return v !== a;
    case 'lessThan':
      return compare(v, a) < 0;
    case 'lessThanEqual':
      return compare(v, a) <= 0;
    case 'greaterThan':
      return compare(v, a) > 0;
    case 'greaterThanEqual':
      return compare(v, a) >= 0;
    case 'between':
      return compare(v, a) >= 0 && compare(v, b) <= 0;
    case 'startsWith':
      return String(v).startsWith(String(a));
    case 'endsWith':
      return String(v).endsWith(String(a));
    case 'contains':
      return String(v).includes(String(a));
    case 'search':
      return searchHits(String(v), String(a));
  }
}

/** Word prefixes, case-insensitive, OR-ed (docs/protocol.md, addition 6). */
export function searchHits(text: string, term: string): boolean {
  const words = searchWords(term.toLowerCase());
  const have = searchWords(text.toLowerCase());
  return words.some((w) => have.some((h) => h.startsWith(w)));
}

function sorter(orders: Order[]) {
  return (x: { item: Item; seq: number }, y: { item: Item; seq: number }) => {
    for (const o of orders) {
      const sign = o.direction === 'ASC' ? 1 : -1;
      if (!o.column) return sign * (x.seq - y.seq);
      const a = valueOf(x.item, o.column);
      const b = valueOf(y.item, o.column);
      const order =
        a === b ? 0 : a === null ? -1 : b === null ? 1 : compare(a as SqlValue, b as SqlValue);
      if (order !== 0) return sign * order;
    }
    return x.seq - y.seq;
  };
}

/**
 * One page of `items` (in insertion order) for the list's queries; `idOf` names an item for a
 * cursor, `noun` the unknown cursor's message ("Collection '<id>' for the 'cursor' value not
 * found."), `search` the list's own search param, matched against `searchText` of each item.
 */
export function memoryPage<T extends Item>(
  source: QuerySource,
  items: readonly T[],
  queries: readonly string[],
  options: {
    idOf: (item: T) => string;
    noun: string;
    search?: { term: string; text: (item: T) => string };
  },
): { total: number; items: T[] } {
  const plan = buildPlan(source, queries);
  const term = options.search?.term.trim() ?? '';
  const orders: Order[] =
    plan.orders.length > 0 ? plan.orders : [{ column: null, direction: 'ASC' }];
  const sorted = items.map((item, seq) => ({ item, seq })).sort(sorter(orders));
  const kept = ({ item }: { item: T }) =>
    plan.filters.every((f) => matches(item, f)) &&
    (term === '' || searchHits(options.search!.text(item), term));
  const total = Math.min(sorted.filter(kept).length, TOTAL_CAP);
  if (!plan.cursor) {
    const rows = sorted.filter(kept).slice(plan.offset, plan.offset + plan.limit);
    return { total, items: rows.map((r) => r.item) };
  }
  // The cursor's place in the whole ordered list, whether or not the filters keep it.
  const { id, direction } = plan.cursor;
  const at = sorted.findIndex(({ item }) => options.idOf(item) === id);
  if (at < 0) {
    throw new AppError(
      'general_cursor_not_found',
      `${options.noun} '${id}' for the 'cursor' value not found.`,
    );
  }
  if (direction === 'after') {
    const rows = sorted
      .slice(at + 1)
      .filter(kept)
      .slice(plan.offset, plan.offset + plan.limit);
    return { total, items: rows.map((r) => r.item) };
  }
  const before = sorted.slice(0, at).filter(kept);
  const end = Math.max(0, before.length - plan.offset);
  return { total, items: before.slice(Math.max(0, end - plan.limit), end).map((r) => r.item) };
}
