/**
 * The 1.4 query string parser (docs/protocol.md §5.2), reimplemented for compatibility: a string
 * such as `equal("title", ["a", "b"])` becomes a method name and a list of plain values. It never
 * throws anything but a QueryError, whatever the input.
 */
export type QueryValue = string | number | boolean | null;
export type QueryParam = QueryValue | QueryValue[];

export interface ParsedQuery {
  method: string;
  params: QueryParam[];
}

export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

const ESCAPABLE = new Set([',', '[', ']', '"', "'"]);
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function convert(raw: string): QueryValue {
  const token = raw.trim();
  if (token === 'true') return true;
  if (token === 'false') return false;
  if (token === 'null') return null;
  if (NUMERIC.test(token)) {
    const n = Number(token);
    if (Number.isFinite(n)) return n;
  }
  if (token.startsWith('"') || token.startsWith("'")) return token.slice(1, -1);
  return token;
}

export function parseQuery(query: string): ParsedQuery {
  const open = query.indexOf('(');
  if (open < 0) throw new QueryError(`Invalid query: ${query}`);
  const method = query.slice(0, open).trim();
  if (method === '' || method.includes('.')) {
    throw new QueryError(`Invalid query method: ${method}`);
  }
  const body = query.slice(open + 1, query.length - 1);

  const params: QueryParam[] = [];
  let current = '';
  let array: QueryValue[] | null = null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\' && i + 1 < body.length) {
      const next = body[i + 1]!;
      current += ESCAPABLE.has(next) ? next : ch + next;
      i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      if (quote === null) quote = ch;
      else if (quote === ch) quote = null;
      current += ch;
      continue;
    }
    if (quote !== null) {
      current += ch;
      continue;
    }
    if (ch === '[') {
      depth++;
      array ??= [];
      continue;
    }
    if (ch === ']') {
      depth = Math.max(0, depth - 1);
      if (current.trim() !== '') (array ??= []).push(convert(current));
      params.push(array ?? []);
      array = null;
      current = '';
      continue;
    }
    if (ch === ',') {
      if (depth > 0) {
        if (current.trim() !== '') (array ??= []).push(convert(current));
      } else if (current.trim() !== '' && array === null) {
        params.push(convert(current));
      }
      current = '';
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    current += ch;
  }
  if (quote !== null) throw new QueryError(`Invalid query: unterminated string in ${method}`);
  if (array !== null) {
    if (current.trim() !== '') array.push(convert(current));
    params.push(array);
  } else if (current.trim() !== '') {
    params.push(convert(current));
  }
  return { method, params };
}

/**
 * The filter methods of docs/protocol.md §5.1 and how many values each takes: at least one,
 * exactly one, or none counted here (`between` takes two separate params, the null checks none).
 */
const FILTER_VALUES: Readonly<Record<string, 'some' | 'one' | null>> = {
  equal: 'some',
  notEqual: 'one',
  lessThan: 'one',
  lessThanEqual: 'one',
  greaterThan: 'one',
  greaterThanEqual: 'one',
  between: null,
  isNull: null,
  isNotNull: null,
  startsWith: 'one',
  endsWith: 'one',
  search: 'one',
  contains: 'some',
};
export const FILTER_METHODS: ReadonlySet<string> = new Set(Object.keys(FILTER_VALUES));
export const MAX_QUERY_VALUES = 100;

const capital = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);

/**
 * What is wrong with the number of values a filter got (without the `Invalid query: ` prefix),
 * or null. `between` (two separate params) is checked by the caller.
 */
export function valueCountProblem(method: string, count: number): string | null {
  const values = FILTER_METHODS.has(method) ? FILTER_VALUES[method] : null;
  if (values === 'some' && count === 0) {
    return `${capital(method)} queries require at least one value.`;
  }
  if (values === 'one' && count !== 1) {
    return `${capital(method)} queries require exactly one value.`;
  }
  return null;
}
