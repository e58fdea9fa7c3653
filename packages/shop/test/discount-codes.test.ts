import { describe, expect, it } from 'vitest';
import {
  codeDiscount,
  COD_FEE,
  DEFAULT_CHARGES,
  isDiscountCode,
  newDiscountCode,
  normalizeDiscountCode,
  orderTotal,
} from '../src/index.js';

describe('welcome codes', () => {
  it('are made fresh, well-formed and unlike each other', () => {
    const codes = new Set(Array.from({ length: 200 }, newDiscountCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(isDiscountCode(code)).toBe(true);
    // No letters a customer misreads when typing from an e-mail.
    expect([...codes].join('').replace(/^CS10-|CS10-/g, '')).not.toMatch(/[01IOL]/);
  });

  it('are read as typed, case and spaces aside', () => {
    expect(normalizeDiscountCode(' cs10-abcd efgh ')).toBe('CS10-ABCDEFGH');
    expect(normalizeDiscountCode(42)).toBe('');
    expect(isDiscountCode('CS10-ABCDEFG')).toBe(false);
    expect(isDiscountCode('CS10-ABCDEFGI')).toBe(false);
  });

  it('take their percentage off the pairs, rounded to rupees, never off the COD fee', () => {
    expect(codeDiscount(24_995, 10)).toBe(2_500);
    expect(codeDiscount(0, 10)).toBe(0);
    expect(codeDiscount(10_000, 0)).toBe(0);
    const lines = [{ price: 25_000, disc_price: 20_000, quantity: 2 }];
    expect(orderTotal(lines, 'COD', 10, DEFAULT_CHARGES)).toBe(36_000 + COD_FEE);
    expect(orderTotal(lines, 'Bank', 0, DEFAULT_CHARGES)).toBe(40_000);
  });
});
