import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  customerStatus,
  DASHBOARD_STATUS,
  isCategory,
  isOrderNumber,
  isProductId,
  newOrderNumber,
  newProductId,
} from '../src/index.js';

describe('ids', () => {
  it('makes 9-digit product ids and 6-hex order numbers', () => {
    for (let i = 0; i < 2000; i++) {
      expect(isProductId(newProductId())).toBe(true);
      expect(isOrderNumber(newOrderNumber())).toBe(true);
    }
    expect(new Set(Array.from({ length: 1000 }, newProductId)).size).toBeGreaterThan(990);
  });
});

describe('order status labels (docs/shop.md §4, D5)', () => {
  it('shows pending and confirmed as such and anything else as delivered', () => {
    expect(customerStatus('pending')).toEqual({ label: 'Pending, unconfirmed', tone: 'red' });
    expect(customerStatus('confirmed')).toEqual({
      label: 'Confirmed, we are packing it',
      tone: 'green',
    });
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(s !== 'pending' && s !== 'confirmed');
        expect(customerStatus(s)).toEqual({ label: 'Delivered', tone: 'blue' });
      }),
    );
    expect(DASHBOARD_STATUS.completed).toEqual({ label: 'Complete', tone: 'blue' });
  });
});

describe('categories (D12)', () => {
  it('knows the shared list and its labels', () => {
    expect(isCategory('lamalo')).toBe(true);
    expect(categoryLabel('lamalo')).toBe('LaMelo');
    expect(categoryLabel('freak')).toBe('Giannis');
    expect(isCategory('Lebron')).toBe(false);
  });
});
