import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargesNote,
  COD_FEE,
  DEFAULT_CHARGES,
  deliveryCharge,
  discountPercent,
  formatRs,
  hasDiscount,
  orderTotal,
  priceOrder,
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
    expect(orderTotal(lines, 'Bank', 0, DEFAULT_CHARGES)).toBe(24000);
    expect(orderTotal(lines, 'COD', 0, DEFAULT_CHARGES)).toBe(24000 + COD_FEE);
    expect(subtotal([])).toBe(0);
  });

  it('adds the delivery charge below the free-delivery threshold, waives it from there', () => {
    const charges = { delivery: 250, freeFrom: 15_000, codFee: COD_FEE };
    const cheap = [{ price: 14_999, disc_price: 0, quantity: 1 }];
    const dear = [{ price: 15_000, disc_price: 0, quantity: 1 }];
    expect(deliveryCharge(14_999, charges)).toBe(250);
    expect(deliveryCharge(15_000, charges)).toBe(0);
    expect(priceOrder(cheap, 'COD', charges)).toEqual({
      subtotal: 14_999,
      discount: 0,
      delivery: 250,
      codFee: COD_FEE,
      total: 14_999 + 250 + COD_FEE,
    });
    expect(priceOrder(dear, 'Bank', charges).total).toBe(15_000);
    expect(orderTotal(cheap, 'Bank', 0, charges)).toBe(15_249);
    // The threshold counts the pairs before a code: what the cart promised stays true at checkout.
    expect(priceOrder(dear, 'Bank', charges, 10)).toMatchObject({
      discount: 1_500,
      delivery: 0,
      total: 13_500,
    });
    // A charge of 0 means delivery is always free.
    expect(deliveryCharge(100, { ...charges, delivery: 0 })).toBe(0);
  });

  it('says the charges in one line, free delivery only when it applies to the amount', () => {
    const charges = { delivery: 250, freeFrom: 15_000, codFee: 500 };
    expect(chargesNote(charges)).toBe(
      'Delivery Rs.250, free from Rs.15,000 · Cash on delivery +Rs.500, bank transfer adds nothing',
    );
    expect(chargesNote(charges, 20_000)).toBe(
      'Delivery is free for this order · Cash on delivery +Rs.500, bank transfer adds nothing',
    );
    expect(chargesNote(charges, 2_000)).toBe(
      'Delivery Rs.250 (free from Rs.15,000: Rs.13,000 more) · Cash on delivery +Rs.500, bank transfer adds nothing',
    );
    expect(chargesNote({ ...charges, delivery: 0 })).toBe(
      'Delivery is free · Cash on delivery +Rs.500, bank transfer adds nothing',
    );
    expect(DEFAULT_CHARGES).toEqual({ delivery: 250, freeFrom: 10_000, codFee: COD_FEE });
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
