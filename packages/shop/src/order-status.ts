import type { OrderStatus } from './types.js';

/**
 * An order's life (docs/shop.md §4): pending -> confirmed -> completed as the spec has it, plus
 * cancelled (a refused COD parcel, a customer who changed their mind) and returned (a delivered
 * pair that came back). Written once here; the server enforces it and the dashboard offers only
 * what it allows.
 */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'returned',
];

/** Where each status may go next. Cancelled and returned are final: their pairs are back on sale. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  // Back to pending undoes a confirmation made by mistake.
  confirmed: ['pending', 'completed', 'cancelled'],
  completed: ['returned'],
  cancelled: [],
  returned: [],
};

/** Statuses whose orders hold their pairs and count in the figures (orders, sales). */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'completed'];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export const isLiveOrderStatus = (status: unknown): boolean =>
  (LIVE_ORDER_STATUSES as readonly unknown[]).includes(status);

/** Cancelled and returned: nothing comes after them. */
export function isFinalOrderStatus(status: unknown): boolean {
  return isOrderStatus(status) && ORDER_TRANSITIONS[status].length === 0;
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ORDER_TRANSITIONS[from].includes(to);
}

export type StatusTone = 'red' | 'green' | 'blue' | 'grey' | 'amber';

/** The dashboard's labels and colours: completed blue, confirmed green, pending red. */
export const DASHBOARD_STATUS: Readonly<Record<OrderStatus, { label: string; tone: StatusTone }>> =
  {
    pending: { label: 'Pending', tone: 'red' },
    confirmed: { label: 'Confirmed', tone: 'green' },
    completed: { label: 'Complete', tone: 'blue' },
    cancelled: { label: 'Cancelled', tone: 'grey' },
    returned: { label: 'Returned', tone: 'amber' },
  };

/** Why a change of status is refused, in words for the owner. */
export function transitionMessage(from: OrderStatus, to: OrderStatus): string {
  const next = ORDER_TRANSITIONS[from];
  const name = (s: OrderStatus) => DASHBOARD_STATUS[s].label.toLowerCase();
  const allowed =
    next.length === 0
      ? `a ${name(from)} order stays ${name(from)}`
      : `it can become ${next.map(name).join(' or ')}`;
  return `A ${name(from)} order cannot be marked ${name(to)}: ${allowed}`;
}

/** What a customer sees. */
export function customerStatus(status: string): { label: string; tone: StatusTone } {
  if (status === 'pending') return { label: 'Pending, unconfirmed', tone: 'red' };
  if (status === 'confirmed') return { label: 'Confirmed, we are packing it', tone: 'green' };
  if (status === 'cancelled') return { label: 'Cancelled', tone: 'grey' };
  if (status === 'returned') return { label: 'Returned', tone: 'amber' };
  return { label: 'Delivered', tone: 'blue' };
}

/**
 * Why the courier and tracking number of a cancelled or returned order stay as they are: the
 * parcel is not on its way any more (the order page locks the box, the server refuses a change).
 */
export function shippingLockedMessage(status: OrderStatus): string {
  return `This order is ${DASHBOARD_STATUS[status].label.toLowerCase()}: its courier and tracking number can no longer be changed`;
}
