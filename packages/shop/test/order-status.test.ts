import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  isFinalOrderStatus,
  isLiveOrderStatus,
  ORDER_STATUSES,
  shippingLockedMessage,
  ORDER_TRANSITIONS,
  transitionMessage,
} from '../src/index.js';

describe('the order state machine', () => {
  it('moves forward, allows undoing a confirmation, and keeps cancelled and returned final', () => {
    expect(canMoveOrder('pending', 'confirmed')).toBe(true);
    expect(canMoveOrder('pending', 'completed')).toBe(false);
    expect(canMoveOrder('confirmed', 'pending')).toBe(true);
    expect(canMoveOrder('completed', 'pending')).toBe(false);
    expect(canMoveOrder('completed', 'returned')).toBe(true);
    for (const to of ORDER_STATUSES) {
      expect(canMoveOrder('cancelled', to)).toBe(to === 'cancelled');
      expect(canMoveOrder('returned', to)).toBe(to === 'returned');
    }
  });

  it('never leads anywhere but to a status, and only live statuses hold pairs', () => {
    for (const next of Object.values(ORDER_TRANSITIONS).flat()) {
      expect(ORDER_STATUSES).toContain(next);
    }
    expect(ORDER_STATUSES.filter(isLiveOrderStatus)).toEqual(['pending', 'confirmed', 'completed']);
  });

  it('says what an order can become instead', () => {
    expect(transitionMessage('completed', 'pending')).toBe(
      'A complete order cannot be marked pending: it can become returned',
    );
    expect(transitionMessage('returned', 'completed')).toBe(
      'A returned order cannot be marked complete: a returned order stays returned',
    );
  });
});

describe('cancelled and returned orders', () => {
  it('are final, and their shipping is locked with a reason in words', () => {
    expect(ORDER_STATUSES.filter(isFinalOrderStatus)).toEqual(['cancelled', 'returned']);
    expect(isFinalOrderStatus('lost')).toBe(false);
    expect(shippingLockedMessage('returned')).toBe(
      'This order is returned: its courier and tracking number can no longer be changed',
    );
  });
});
