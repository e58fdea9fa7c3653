import type { OrderStatus } from './types.js';

export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'completed'];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export type StatusTone = 'red' | 'green' | 'blue';

/** What a customer sees: anything other than pending or confirmed shows as delivered. */
export function customerStatus(status: string): { label: string; tone: StatusTone } {
  if (status === 'pending') return { label: 'Pending, unconfirmed', tone: 'red' };
  if (status === 'confirmed') return { label: 'Confirmed, on its way', tone: 'green' };
  return { label: 'Delivered', tone: 'blue' };
}

/** The dashboard's labels and colours: completed blue, confirmed green, pending red. */
export const DASHBOARD_STATUS: Readonly<Record<OrderStatus, { label: string; tone: StatusTone }>> =
  {
    pending: { label: 'Pending', tone: 'red' },
    confirmed: { label: 'Confirmed', tone: 'green' },
    completed: { label: 'Complete', tone: 'blue' },
  };
