import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../../src/http/querystring.js';

describe('query strings with PHP-style arrays', () => {
  it('reads what the SDK sends', () => {
    const q =
      'queries%5B0%5D=limit(5)&queries%5B1%5D=equal(%22a%22%2C%20%5B1%5D)&project=courtside&channels%5B%5D=a&channels%5B%5D=b';
    expect(parseQueryString(q)).toEqual({
      queries: ['limit(5)', 'equal("a", [1])'],
      project: 'courtside',
      channels: ['a', 'b'],
    });
  });

  it('orders indexed entries by index and ignores prototype keys', () => {
    expect(parseQueryString('q[1]=b&q[0]=a')).toEqual({ q: ['a', 'b'] });
    const polluted = parseQueryString('__proto__[0]=x&constructor=y');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf(polluted)).toBe(Object.prototype);
  });

  it('reads a string asked again as before, frozen so no request changes it for another', () => {
    const q = 'queries%5B0%5D=limit(5)&queries%5B1%5D=orderDesc(%22%24createdAt%22)';
    const first = parseQueryString(q);
    expect(parseQueryString(q)).toEqual(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.queries)).toBe(true);
    expect(() => (first.queries as string[]).push('limit(1)')).toThrow(TypeError);
    expect(parseQueryString(q)).toEqual({ queries: ['limit(5)', 'orderDesc("$createdAt")'] });
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string(), (s) => void parseQueryString(s)));
  });
});
