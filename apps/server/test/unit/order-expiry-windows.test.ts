import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../src/modules/databases/contract.js';
import { expiresAt, isExpired } from '../../src/shop/order-expiry.js';

/** When a pending order expires (order-expiry.ts): COD by confirm_hours, unpaid Bank by the hold. */

const windows = { codHours: 12, bankHours: 48 };
const placedAt = '2026-06-01T06:00:00.000+00:00';
const order = (over: Record<string, unknown>) =>
  ({
    $id: 'a1',
    $createdAt: placedAt,
    order_status: 'pending',
    ...over,
  }) as unknown as StoredDocument;
const after = (hours: number) => new Date(Date.parse(placedAt) + hours * 3600_000);

describe('the expiry window', () => {
  it('closes a COD order confirm_hours after it was placed', () => {
    const cod = order({ payment_type: 'COD' });
    expect(expiresAt(cod, windows)).toBe('2026-06-01T18:00:00.000+00:00');
    expect(isExpired(cod, windows, new Date(after(12).getTime() - 1))).toBe(false);
    expect(isExpired(cod, windows, after(12))).toBe(true);
  });

  it('closes an unpaid advance-payment order after the hold window', () => {
    for (const payment_state of [undefined, null, 'unpaid']) {
      const bank = order({ payment_type: 'Bank', payment_state });
      expect(isExpired(bank, windows, after(47))).toBe(false);
      expect(isExpired(bank, windows, after(48))).toBe(true);
    }
  });

  it('never closes by itself for a payment proof sent or paid, nor for an order that moved on', () => {
    for (const payment_state of ['proof_sent', 'paid']) {
      const bank = order({ payment_type: 'Bank', payment_state });
      expect(expiresAt(bank, windows)).toBeNull();
      expect(isExpired(bank, windows, after(10_000))).toBe(false);
    }
    for (const order_status of ['confirmed', 'completed', 'cancelled']) {
      expect(isExpired(order({ payment_type: 'COD', order_status }), windows, after(100))).toBe(
        false,
      );
    }
  });
});
