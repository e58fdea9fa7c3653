import type { QueryValue } from './queries.js';

/**
 * Query strings for the server's own callers (shop rules, stats, seed, test fakes), written so
 * that the protocol's parser (queries.ts) reads each value back as it was given: a double quote
 * inside a text is escaped, so a title such as `Kobe 6 "Grinch"` cannot end the text early.
 * (A backslash before one of `,[]"'` is the one thing the 1.4 syntax cannot carry.)
 */
function value(v: QueryValue): string {
  if (typeof v === 'string') return `"${v.replace(/"/g, '\\"')}"`;
  return String(v);
}

const attr = (name: string) => `"${name}"`;

export const Q = {
  equal: (attribute: string, values: readonly QueryValue[]) =>
    `equal(${attr(attribute)}, [${values.map(value).join(', ')}])`,
  notEqual: (attribute: string, v: QueryValue) => `notEqual(${attr(attribute)}, [${value(v)}])`,
  greaterThan: (attribute: string, v: QueryValue) => `greaterThan(${attr(attribute)}, ${value(v)})`,
  greaterThanEqual: (attribute: string, v: QueryValue) =>
    `greaterThanEqual(${attr(attribute)}, ${value(v)})`,
  lessThan: (attribute: string, v: QueryValue) => `lessThan(${attr(attribute)}, ${value(v)})`,
  lessThanEqual: (attribute: string, v: QueryValue) =>
    `lessThanEqual(${attr(attribute)}, ${value(v)})`,
  isNull: (attribute: string) => `isNull(${attr(attribute)})`,
  isNotNull: (attribute: string) => `isNotNull(${attr(attribute)})`,
  select: (attributes: readonly string[]) => `select([${attributes.map(value).join(', ')}])`,
  limit: (n: number) => `limit(${Math.max(0, Math.trunc(n))})`,
  cursorAfter: (id: string) => `cursorAfter(${value(id)})`,
  orderAsc: (attribute: string) => `orderAsc(${attr(attribute)})`,
  orderDesc: (attribute: string) => `orderDesc(${attr(attribute)})`,
};
