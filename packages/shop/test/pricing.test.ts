import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COD_FEE,
  discountPercent,
  formatRs,
  hasDiscount,
  orderTotal,
  subtotal,
  unitPrice,
} from '../src/index.js';

describe('pricing (D2, D3)', () => {
  it('charges the discounted price only when it is a real discount', () => {
    expect(unitPrice({ price: 12000, disc_price: 9500 })).toBe(9500);
    expect(unitPrice({ price: 12000, disc_price: 0 })).toBe(12000);
    expect(unitPrice({ price: 12000, disc_price: 12000 })).toBe(12000);
    expect(unitPrice({ price: 12000, disc_price: 15000 })).toBe(12000);
    expect(unitPrice({ price: 12000, disc_price: null })).toBe(12000);
    expect(hasDiscount({ price: 12000, disc_price: -5 })).toBe(false);
  });

  it('adds unit price x quantity, rounded, and the COD fee only for COD', () => {
    const lines = [
      { price: 12000, disc_price: 9500, quantity: 2 },
      { price: 4999.6, disc_price: 0, quantity: 1 },
    ];
    expect(subtotal(lines)).toBe(24000);
    expect(orderTotal(lines, 'Bank')).toBe(24000);
    expect(orderTotal(lines, 'COD')).toBe(24000 + COD_FEE);
    expect(subtotal([])).toBe(0);
  });

  it('shows the discount badge as 100 minus the rounded ratio', () => {
    expect(discountPercent({ price: 12000, disc_price: 9500 })).toBe(21);
    expect(discountPercent({ price: 3, disc_price: 2 })).toBe(33);
    expect(discountPercent({ price: 12000, disc_price: 0 })).toBe(0);
  });

  it('formats rupees with Rs. and thousands separators', () => {
    expect(formatRs(24500)).toBe('Rs.24,500');
    expect(formatRs(500)).toBe('Rs.500');
    expect(formatRs(1234567.4)).toBe('Rs.1,234,567');
    expect(formatRs(0)).toBe('Rs.0');
    expect(formatRs(-1500)).toBe('Rs.-1,500');
    // The same grouping as en-US's Intl.NumberFormat, for any amount a shop can hold.
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
        const whole = Math.round(n);
        if (Object.is(whole, -0)) return;
        expect(formatRs(n)).toBe(`Rs.${intl.format(whole)}`);
      }),
    );
  });
});
