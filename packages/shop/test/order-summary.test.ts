import { describe, expect, it } from 'vitest';
import { COD_FEE, encodeOrderLines, orderSummary } from '../src/index.js';

const lines = [
  {
    $id: '111111111',
    title: 'Kobe 6 "Grinch"',
    price: 60_000,
    disc_price: 55_000,
    quantity: 1,
    size: 44,
  },
  { $id: '222222222', title: 'KD 15', price: 30_000, disc_price: 0, quantity: 2 },
];

describe('orderSummary', () => {
  it('lists each line at the price it sold for, with the COD fee and the amount to collect', () => {
    const s = orderSummary({
      products: encodeOrderLines(lines),
      price: 115_000 + COD_FEE,
      payment_type: 'COD',
    });
    expect(s.lines).toEqual([
      { title: 'Kobe 6 "Grinch"', size: 44, quantity: 1, unit: 55_000, amount: 55_000 },
      { title: 'KD 15', quantity: 2, unit: 30_000, amount: 60_000 },
    ]);
    expect(s).toMatchObject({ subtotal: 115_000, discount: null, codFee: COD_FEE });
    expect(s.total).toBe(115_500);
    expect(s.collect).toBe(115_500);
  });

  it('a bank transfer collects nothing at the door; a code shows what it took off', () => {
    const s = orderSummary({
      products: encodeOrderLines(lines),
      price: 103_500,
      payment_type: 'Bank',
      code: 'CS10-ABCDEFGH',
      discount: 11_500,
    });
    expect(s.discount).toEqual({ code: 'CS10-ABCDEFGH', amount: 11_500 });
    expect(s.codFee).toBe(0);
    expect(s.collect).toBe(0);
    expect(s.total).toBe(103_500);
  });

  it('lists the delivery charge the order paid; an order stored without one paid none', () => {
    const small = [{ $id: '333333333', title: 'Socks', price: 2_000, disc_price: 0, quantity: 1 }];
    const s = orderSummary({
      products: encodeOrderLines(small),
      price: 2_000 + 250 + COD_FEE,
      payment_type: 'COD',
      delivery: 250,
    });
    expect(s).toMatchObject({ subtotal: 2_000, delivery: 250, codFee: COD_FEE, total: 2_750 });
    expect(
      orderSummary({ products: encodeOrderLines(lines), price: 115_000, payment_type: 'Bank' })
        .delivery,
    ).toBe(0);
  });

  it('unreadable lines give an empty list, not an error', () => {
    expect(orderSummary({ products: ['not json'], price: 500, payment_type: 'COD' }).lines).toEqual(
      [],
    );
  });
});
