import { describe, expect, it } from 'vitest';
import {
  hasDiscount,
  saleChange,
  saleEndChange,
  saleError,
  salePriceOf,
  saleStatus,
  unitPrice,
} from '../src/index.js';

const at = Date.parse('2026-11-28T12:00:00.000Z');
const pair = {
  price: 20_000,
  disc_price: 16_000,
  sale_from: '2026-11-28T00:00:00.000Z',
  sale_until: '2026-11-30T00:00:00.000Z',
};

describe('automatic sales', () => {
  it('price a pair at the sale price only inside the window', () => {
    expect(unitPrice(pair, at)).toBe(16_000);
    expect(hasDiscount(pair, at)).toBe(true);
    expect(saleStatus(pair, at)).toBe('running');
    const before = Date.parse('2026-11-27T23:59:59.000Z');
    expect(unitPrice(pair, before)).toBe(20_000);
    expect(saleStatus(pair, before)).toBe('scheduled');
    const after = Date.parse('2026-11-30T00:00:00.000Z');
    expect(hasDiscount(pair, after)).toBe(false);
    expect(saleStatus(pair, after)).toBe('ended');
    // A discount price without a window holds always, as before.
    expect(unitPrice({ price: 20_000, disc_price: 16_000 }, before)).toBe(16_000);
  });

  it('take a whole-rupee percentage off, and need products, a percentage and dates', () => {
    expect(salePriceOf(24_999, 20)).toBe(19_999);
    const ok = { percent: 20, products: 1, from: pair.sale_from, until: pair.sale_until };
    expect(saleError(ok)).toBeNull();
    expect(saleError({ ...ok, products: 0 })).toBe('Choose the products the sale is for');
    expect(saleError({ ...ok, percent: 100 })).toMatch(/1 to 99/);
    expect(saleError({ ...ok, until: pair.sale_from })).toBe('The sale must end after it starts');
  });

  it("keep the pair's own discount price while on sale and give it back at the end", () => {
    const own = { price: 20_000, disc_price: 18_000 };
    const on = saleChange(own, 25, pair.sale_from, pair.sale_until);
    expect(on).toEqual({
      disc_price: 15_000,
      sale_from: pair.sale_from,
      sale_until: pair.sale_until,
      regular_disc_price: 18_000,
    });
    // A new sale over a running one: the pair's own discount stays the one to give back.
    const again = saleChange({ ...own, ...on }, 10, pair.sale_from, pair.sale_until);
    expect(again.regular_disc_price).toBe(18_000);
    expect(saleEndChange({ ...own, ...again })).toEqual({
      disc_price: 18_000,
      sale_from: null,
      sale_until: null,
      regular_disc_price: null,
    });
    expect(saleChange({ price: 20_000, disc_price: 0 }, 50, 'a', 'b').regular_disc_price).toBe(0);
  });
});
