import { describe, expect, it } from 'vitest';
import { lastMonths, outcomesByMonth, rateText, wasRefused, wasShipped } from '../src/index.js';

const order = (at: string, status: string, more: Record<string, unknown> = {}) => ({
  $createdAt: at,
  order_status: status,
  payment_type: 'COD',
  ...more,
});

describe('order outcomes by month', () => {
  it('counts the months back from now in Pakistan time, across a year', () => {
    // 20:00 UTC on 31 December is already 1 January in Pakistan.
    expect(lastMonths(new Date('2026-12-31T20:00:00Z'), 3)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'), 4)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('tells shipped and refused parcels apart', () => {
    expect(wasShipped(order('', 'confirmed', { tracking_number: 'LE1' }))).toBe(true);
    expect(wasShipped(order('', 'confirmed'))).toBe(false);
    expect(wasShipped(order('', 'completed'))).toBe(true);
    expect(wasRefused(order('', 'returned'))).toBe(true);
    expect(wasRefused(order('', 'cancelled', { tracking_number: 'LE1' }))).toBe(true);
    expect(wasRefused(order('', 'cancelled', { cancelled_by: 'buyer' }))).toBe(false);
  });

  it('counts confirmations, cancellations, expiries and the return rate of each month', () => {
    const months = ['2026-10', '2026-11'];
    const rows = outcomesByMonth(
      [
        order('2026-10-05T10:00:00Z', 'completed', { confirmed_by: 'buyer', tracking_number: 'A' }),
        order('2026-10-06T10:00:00Z', 'returned', { confirmed_by: 'owner', tracking_number: 'B' }),
        order('2026-10-07T10:00:00Z', 'cancelled', { cancelled_by: 'buyer' }),
        order('2026-10-08T10:00:00Z', 'cancelled', { cancelled_by: 'expiry' }),
        order('2026-10-09T10:00:00Z', 'completed'),
        order('2026-10-10T10:00:00Z', 'cancelled', { tracking_number: 'C', cancelled_by: 'owner' }),
        // 31 October 20:00 UTC is 1 November in Pakistan.
        order('2026-10-31T20:00:00Z', 'pending'),
        // Before the months asked for, and a date nobody can read: left out.
        order('2026-09-30T10:00:00Z', 'returned'),
        order('not a date', 'returned'),
      ],
      months,
    );
    expect(rows).toEqual([
      {
        month: '2026-10',
        placed: 6,
        confirmedByBuyer: 1,
        cancelledByBuyer: 1,
        expiredUnconfirmed: 1,
        shipped: 4,
        refused: 2,
        returnRate: 0.5,
      },
      {
        month: '2026-11',
        placed: 1,
        confirmedByBuyer: 0,
        cancelledByBuyer: 0,
        expiredUnconfirmed: 0,
        shipped: 0,
        refused: 0,
        returnRate: null,
      },
    ]);
    expect(rateText(0.5)).toBe('50%');
    expect(rateText(1 / 3)).toBe('33.3%');
    expect(rateText(null)).toBe('–');
  });
});
