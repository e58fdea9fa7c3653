import { describe, expect, it } from 'vitest';
import { orderTimeline } from '../src/index.js';

const steps = (t: Parameters<typeof orderTimeline>[0]) =>
  orderTimeline(t).map((p) => `${p.step}${p.done ? '+' : '-'}`);

describe("an order's timeline on /track", () => {
  it('walks placed, confirmed, shipped (a tracking number), delivered', () => {
    expect(steps({ order_status: 'pending', tracking_number: null })).toEqual([
      'placed+',
      'confirmed-',
      'shipped-',
      'delivered-',
    ]);
    expect(steps({ order_status: 'confirmed', tracking_number: null })).toEqual([
      'placed+',
      'confirmed+',
      'shipped-',
      'delivered-',
    ]);
    expect(steps({ order_status: 'confirmed', tracking_number: 'TCS1' })).toEqual([
      'placed+',
      'confirmed+',
      'shipped+',
      'delivered-',
    ]);
    expect(steps({ order_status: 'completed', tracking_number: 'TCS1' })).toEqual([
      'placed+',
      'confirmed+',
      'shipped+',
      'delivered+',
    ]);
  });

  it('ends a cancelled order where it stopped, and a returned one after its delivery', () => {
    expect(steps({ order_status: 'cancelled', tracking_number: null })).toEqual([
      'placed+',
      'cancelled+',
    ]);
    expect(steps({ order_status: 'cancelled', tracking_number: 'TCS1' })).toEqual([
      'placed+',
      'confirmed+',
      'shipped+',
      'cancelled+',
    ]);
    expect(steps({ order_status: 'returned', tracking_number: 'TCS1' }).at(-1)).toBe('returned+');
  });
});
