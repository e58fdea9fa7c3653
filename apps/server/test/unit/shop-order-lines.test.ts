import { COD_FEE, DEFAULT_CHARGES, SHOP_MESSAGES } from '@courtside/shop';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import {
  asOrderProduct,
  checkInStock,
  checkPrice,
  parseOrderLines,
  reserve,
  storedOrderLines,
} from '../../src/shop/order-lines.js';

const product = (over: Record<string, unknown> = {}) =>
  asOrderProduct({
    $id: '123456789',
    $collectionId: 'products',
    $databaseId: 'shop',
    $createdAt: '',
    $updatedAt: '',
    $permissions: [],
    title: 'Kyrie 7',
    price: 20_000,
    disc_price: 15_000,
    stoke: 'true',
    stock: 2,
    ...over,
  });

const lines = (value: unknown) => [JSON.stringify(value)];

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('parseOrderLines (docs/shop.md §3: a list holding one JSON string of cart lines)', () => {
  it('reads the cart lines, merging repeated products, sorted by product id', () => {
    const parsed = parseOrderLines(
      lines([
        { $id: '900000001', title: 'B', price: 1, disc_price: 0, quantity: 1 },
        { $id: '100000001', title: 'A', price: 1, disc_price: 0, quantity: 2 },
        { $id: '900000001', title: 'B', price: 1, disc_price: 0, quantity: 3 },
      ]),
    );
    expect(parsed).toEqual([
      { productId: '100000001', quantity: 2, title: 'A' },
      { productId: '900000001', quantity: 4, title: 'B' },
    ]);
  });

  it.each([
    ['not a list', 'x', 'one JSON text'],
    ['two strings', ['[]', '[]'], 'one JSON text'],
    ['malformed JSON', ['[{"$id":'], 'cannot be read'],
    ['an object, not lines', lines({ a: 1 }), 'cart lines'],
    ['an empty cart', lines([]), SHOP_MESSAGES.emptyCart],
    ['a line that is not an object', lines([3]), 'product with a quantity'],
    ['a product id that is not 9 digits', lines([{ $id: 'abc', quantity: 1 }]), 'does not name'],
    ['quantity 0', lines([{ $id: '123456789', title: 'K', quantity: 0 }]), 'at least 1'],
    ['a fractional quantity', lines([{ $id: '123456789', quantity: 1.5 }]), 'at least 1'],
    ['a quantity as text', lines([{ $id: '123456789', quantity: '2' }]), 'at least 1'],
    ['too many of one product', lines([{ $id: '123456789', quantity: 101 }]), 'At most 100'],
  ])('refuses %s', (_label, products, message) => {
    const e = refusal(() => parseOrderLines(products));
    expect(e.type).toBe('shop_order_invalid');
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
  });

  it('refuses more than 50 different products', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({
      $id: String(100000000 + i),
      quantity: 1,
    }));
    expect(refusal(() => parseOrderLines(lines(many))).message).toContain('at most 50');
  });
});

describe('stock and price checks (D2, D3, D16)', () => {
  it('refuses a pair that has sold out, and more units than are left', () => {
    const gone = refusal(() => checkInStock(product({ stock: 0, stoke: 'false' }), 1));
    expect(gone.type).toBe('shop_product_sold_out');
    expect(gone.status).toBe(409);
    expect(gone.message).toBe(
      'Sorry, "Kyrie 7" has just sold out. Please remove it from your cart.',
    );
    expect(refusal(() => checkInStock(product({ stoke: 'false', stock: 3 }), 1)).type).toBe(
      'shop_product_sold_out',
    );
    expect(refusal(() => checkInStock(product({ stock: 2 }), 3)).message).toBe(
      'Only 2 left of "Kyrie 7". Please lower the quantity in your cart.',
    );
    expect(() => checkInStock(product({ stock: 2 }), 2)).not.toThrow();
  });

  it('reserves units and turns the flag off at zero', () => {
    expect(reserve(product({ stock: 2 }), 1)).toEqual({ stock: 1, stoke: 'true' });
    expect(reserve(product({ stock: 2 }), 2)).toEqual({ stock: 0, stoke: 'false' });
  });

  it('prices from the stored discount price, adds the COD fee, and refuses any other total', () => {
    const order = [{ product: product(), quantity: 2 }];
    const c = DEFAULT_CHARGES;
    const priced = (total: number, discount = 0, codFee = 0) => ({
      subtotal: 30_000,
      discount,
      delivery: 0,
      codFee,
      total,
    });
    expect(checkPrice(order, 'Bank', 30_000, c)).toEqual(priced(30_000));
    expect(checkPrice(order, 'COD', 30_000 + COD_FEE, c)).toEqual(priced(30_500, 0, COD_FEE));
    // A 10% code comes off the pairs, never off the COD fee.
    expect(checkPrice(order, 'COD', 27_000 + COD_FEE, c, 10)).toEqual(
      priced(27_500, 3_000, COD_FEE),
    );
    expect(refusal(() => checkPrice(order, 'Bank', 30_000, c, 10)).type).toBe('shop_price_changed');
    for (const claimed of [40_000, 30_000.5, '30000', null, 30_000 + COD_FEE]) {
      const e = refusal(() => checkPrice(order, 'Bank', claimed, c));
      expect(e.type).toBe('shop_price_changed');
      expect(e.message).toBe('Prices changed, please review your cart');
    }
  });

  it('adds the delivery charge below the free-delivery threshold', () => {
    const order = [{ product: product(), quantity: 2 }];
    const charges = { delivery: 300, freeFrom: 40_000, codFee: COD_FEE };
    expect(checkPrice(order, 'Bank', 30_300, charges)).toMatchObject({
      delivery: 300,
      total: 30_300,
    });
    expect(refusal(() => checkPrice(order, 'Bank', 30_000, charges)).type).toBe(
      'shop_price_changed',
    );
    expect(checkPrice(order, 'Bank', 30_000, { ...charges, freeFrom: 30_000 })).toMatchObject({
      delivery: 0,
    });
  });

  it('stores the stored products with their quantities, without document internals', () => {
    const [json] = storedOrderLines([{ product: product(), quantity: 2 }]);
    const stored = JSON.parse(json!) as Record<string, unknown>[];
    expect(stored[0]).toMatchObject({
      $id: '123456789',
      title: 'Kyrie 7',
      disc_price: 15_000,
      quantity: 2,
    });
    expect(stored[0]).not.toHaveProperty('$permissions');
  });
});
