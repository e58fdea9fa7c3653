import { AppError } from '../protocol/errors.js';
import { isKey } from '../tools/ids.js';
import { parseDate, toIso } from '../tools/dates.js';
import { SEQ_KEY, type Column, type QuerySource } from './source.js';
import {
  FILTER_METHODS,
  MAX_QUERY_VALUES,
  valueCountProblem,
  parseQuery,
  QueryError,
  type QueryParam,
  type QueryValue,
} from '../protocol/queries.js';

/**
 * Parsed queries checked against a source's columns (docs/protocol.md §5.3), for documents and
 * files alike, and turned into a typed plan that compile.ts renders as SQL. Every problem is a
 * 400 with the protocol's message.
 */
export type FilterMethod =
  | 'equal'
  | 'notEqual'
  | 'lessThan'
  | 'lessThanEqual'
  | 'greaterThan'
  | 'greaterThanEqual'
  | 'between'
  | 'isNull'
  | 'isNotNull'
  | 'startsWith'
  | 'endsWith'
  | 'search'
  | 'contains';

export type SqlValue = string | number;

export interface Filter {
  method: FilterMethod;
  column: Column;
  values: SqlValue[];
}

export interface Order {
  /** null: insertion order. */
  column: Column | null;
  direction: 'ASC' | 'DESC';
}

export interface Plan {
  filters: Filter[];
  orders: Order[];
  limit: number;
  offset: number;
  cursor: { id: string; direction: 'after' | 'before' } | null;
  select: string[] | null;
}

export const DEFAULT_LIMIT = 25;

/** The row sequence is the module's own: clients cannot select, filter or order by it. */
const INTERNAL = SEQ_KEY;

const ARRAY_METHODS = new Set(['equal', 'contains', 'isNull', 'isNotNull']);

const invalid = (detail: string) =>
  new AppError('general_argument_invalid', `Invalid query: ${detail}`);

function attributeOf(source: QuerySource, name: QueryParam | undefined): Column {
  if (typeof name !== 'string' || name === '') {
    throw invalid(`Attribute not found in schema: ${String(name ?? '')}`);
  }
  if (name.includes('.')) throw invalid(`Cannot query nested attribute on: ${name.split('.')[0]}`);
  const column = source.columns.get(name);
  if (!column || name === INTERNAL) throw invalid(`Attribute not found in schema: ${name}`);
  return column;
}

/** One query value as the column stores it; a wrong type is the protocol's message. */
function toSqlValue(column: Column, value: QueryValue, method: string): SqlValue {
  const mismatch = () => invalid(`Query type does not match expected: ${column.kind}`);
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw invalid(`Query values must not contain the NUL character (U+0000): ${column.key}`);
  }
  if (method === 'contains' && !column.array) {
    if (typeof value !== 'string') throw mismatch();
    return value;
  }
  switch (column.kind) {
    case 'string':
      if (typeof value !== 'string') throw mismatch();
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw mismatch();
      return value;
    case 'double':
      if (typeof value !== 'number') throw mismatch();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw mismatch();
      return value ? 1 : 0;
    case 'datetime': {
      const date = typeof value === 'string' ? parseDate(value) : null;
      if (!date) throw mismatch();
      return toIso(date);
    }
  }
}

function filterOf(source: QuerySource, method: string, params: QueryParam[]): Filter {
  const column = attributeOf(source, params[0]);
  const raw = params[1];
  let values: QueryValue[] =
    method === 'between'
      ? params.slice(1, 3).flat()
      : raw === undefined
        ? []
        : Array.isArray(raw)
          ? raw
          : [raw];
  if (method === 'isNull' || method === 'isNotNull') values = [];
  else if (method === 'between') {
    if (params.length !== 3 || params.slice(1).some(Array.isArray)) {
      throw invalid('Between queries require exactly two values.');
    }
  } else {
    const problem = valueCountProblem(method, values.length);
    if (problem) throw invalid(problem);
  }
  if (values.length > MAX_QUERY_VALUES) {
    throw invalid(`Query on attribute has greater than ${MAX_QUERY_VALUES} values: ${column.key}`);
  }
  // Before the array rule: 1.4 answers a search on an array attribute with the index message.
  if (method === 'search' && !source.fulltext.has(column.key)) {
    throw new AppError(
      'general_argument_invalid',
      `Searching by attribute "${column.key}" requires a fulltext index.`,
    );
  }
  if (column.array && !ARRAY_METHODS.has(method)) {
    throw invalid(`Cannot query ${method} on attribute "${column.key}" because it is an array.`);
  }
  if ((method === 'startsWith' || method === 'endsWith') && column.kind !== 'string') {
    throw invalid(
      `Cannot query ${method} on attribute "${column.key}" because it is not a string.`,
    );
  }
  if (method === 'contains' && !column.array && column.kind !== 'string') {
    throw invalid(
      `Cannot query contains on attribute "${column.key}" because it is not an array or a string.`,
    );
  }
  return {
    method: method as FilterMethod,
    column,
    values: values.map((v) => {
      if (v === null) throw invalid(`Query type does not match expected: ${column.kind}`);
      return toSqlValue(column, v, method);
    }),
  };
}

function integerParam(params: QueryParam[], what: string, min: number, max: number): number {
  const v = params[0];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    throw invalid(
      `Invalid ${what}: Value must be a valid range between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}`,
    );
  }
  return v;
}

/** Parses and checks the `queries` of a list (or, with mode 'get', a get: select only). */
export function buildPlan(
  source: QuerySource,
  queries: readonly string[],
  mode: 'list' | 'get' = 'list',
): Plan {
  const plan: Plan = {
    filters: [],
    orders: [],
    limit: DEFAULT_LIMIT,
    offset: 0,
    cursor: null,
    select: null,
  };
  let limitSeen = false;
  let offsetSeen = false;
  for (const text of queries) {
    let parsed;
    try {
      parsed = parseQuery(text);
    } catch (e) {
      if (e instanceof QueryError) throw new AppError('general_argument_invalid', e.message);
      throw e;
    }
    const { method, params } = parsed;
    if (mode === 'get' && method !== 'select') throw invalid(`Invalid query method: ${method}`);
    if (FILTER_METHODS.has(method)) {
      plan.filters.push(filterOf(source, method, params));
    } else if (method === 'select' && source.selectable) {
      const names = Array.isArray(params[0]) ? params[0] : params;
      if (names.length === 0) throw invalid('Select queries require at least one value.');
      const keys = names.map((n) => {
        if (typeof n !== 'string') throw invalid(`Attribute not found in schema: ${String(n)}`);
        if (n !== '$permissions' && (!source.columns.has(n) || n === INTERNAL)) {
          throw invalid(`Attribute not found in schema: ${n}`);
        }
        return n;
      });
      plan.select = [...(plan.select ?? []), ...keys];
    } else if (method === 'orderAsc' || method === 'orderDesc') {
      const name = params[0];
      const direction = method === 'orderAsc' ? 'ASC' : 'DESC';
      if (name === undefined || name === '') plan.orders.push({ column: null, direction });
      else {
        const column = attributeOf(source, name);
        if (column.array) throw invalid(`Cannot order by array attribute: ${column.key}`);
        plan.orders.push({ column, direction });
      }
    } else if (method === 'limit') {
      const n = integerParam(params, 'limit', 1, source.limits.limit);
      if (!limitSeen) plan.limit = n;
      limitSeen = true;
    } else if (method === 'offset') {
      const n = integerParam(params, 'offset', 0, source.limits.offset);
      if (!offsetSeen) plan.offset = n;
      offsetSeen = true;
    } else if (method === 'cursorAfter' || method === 'cursorBefore') {
      const id = params[0];
      if (typeof id !== 'string' || !isKey(id)) {
        throw invalid(
          "Invalid cursor: UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore",
        );
      }
      plan.cursor ??= { id, direction: method === 'cursorAfter' ? 'after' : 'before' };
    } else {
      throw invalid(`Invalid query method: ${method}`);
    }
  }
  return plan;
}
