import { describe, expect, it } from 'vitest';
import { availableUnits, isInStock } from '../src/index.js';

describe('the stock rule (D16)', () => {
  it('the count caps what can be bought; 0 is sold out', () => {
    expect(availableUnits({ stoke: 'true', stock: 3 })).toBe(3);
    expect(availableUnits({ stoke: 'true', stock: 2.7 })).toBe(2);
    expect(availableUnits({ stoke: 'true', stock: 0 })).toBe(0);
    expect(isInStock({ stoke: 'true', stock: 0 })).toBe(false);
  });

  it('imported data without a count: the stoke flag alone decides', () => {
    expect(availableUnits({ stoke: 'false' })).toBe(0);
    expect(isInStock({ stoke: 'false' })).toBe(false);
    expect(availableUnits({ stoke: 'true' })).toBe(Number.POSITIVE_INFINITY);
    expect(isInStock({ stoke: 'true' })).toBe(true);
  });

  it('"false" wins over a stale count; a missing flag reads as the default "true"', () => {
    expect(availableUnits({ stoke: 'false', stock: 4 })).toBe(0);
    expect(availableUnits({ stoke: 'maybe', stock: 4 })).toBe(0);
    expect(availableUnits({ stock: 2 })).toBe(2);
    expect(isInStock({})).toBe(true);
  });
});
