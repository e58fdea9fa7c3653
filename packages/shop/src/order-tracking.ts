import { trackingLink, type TrackingLink } from './couriers.js';
import type { OrderStatus, PaymentType } from './types.js';

/**
 * What /track shows of an order to whoever gives its number and mobile number (docs/shop.md §4):
 * where it is, and nothing of who or where the buyer is.
 */
export interface OrderTracking {
  order_number: string;
  order_status: OrderStatus;
  placedAt: string;
  updatedAt: string;
  price: number;
  payment_type: PaymentType;
  courier: string | null;
  tracking_number: string | null;
  tracking: TrackingLink | null;
}

/** The API path of the lookup, under /v1; `order` and `phone` go in the query. */
export const TRACK_API_PATH = '/shop/track';

export type TimelineStep = 'placed' | 'confirmed' | 'shipped' | 'delivered';

/** One step of the order's way, as the timeline shows it. */
export interface TimelinePoint {
  step: TimelineStep | 'cancelled' | 'returned';
  label: string;
  done: boolean;
}

const LABELS: Readonly<Record<TimelinePoint['step'], string>> = {
  placed: 'Order placed',
  confirmed: 'Confirmed: we are packing it',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

/** How far each status has come along placed, confirmed, shipped, delivered. */
function reached(t: Pick<OrderTracking, 'order_status' | 'tracking_number'>): number {
  const shipped = Boolean(t.tracking_number);
  switch (t.order_status) {
    case 'pending':
      return 1;
    case 'confirmed':
      return shipped ? 3 : 2;
    case 'completed':
    case 'returned':
      return 4;
    case 'cancelled':
      return shipped ? 3 : 2;
  }
}

/**
 * The order's timeline: placed, confirmed, shipped, delivered, each done or still to come; a
 * cancelled order ends with its cancellation (after the steps it had reached; a pending order
 * cancelled was never confirmed), a returned one after its delivery.
 */
export function orderTimeline(
  t: Pick<OrderTracking, 'order_status' | 'tracking_number'>,
): TimelinePoint[] {
  const steps: TimelineStep[] = ['placed', 'confirmed', 'shipped', 'delivered'];
  const upTo = reached(t);
  const point = (step: TimelinePoint['step'], done: boolean) => ({
    step,
    label: LABELS[step],
    done,
  });
  if (t.order_status === 'cancelled') {
    const before = t.tracking_number ? 3 : 1;
    return [...steps.slice(0, before).map((s) => point(s, true)), point('cancelled', true)];
  }
  const line = steps.map((s, i) => point(s, i < upTo));
  return t.order_status === 'returned' ? [...line, point('returned', true)] : line;
}

/** The tracking answer of a stored order. */
export function trackingOf(order: {
  order_number?: unknown;
  $id: string;
  order_status?: unknown;
  $createdAt: string;
  $updatedAt: string;
  price?: unknown;
  payment_type?: unknown;
  courier?: unknown;
  tracking_number?: unknown;
}): OrderTracking {
  const courier = typeof order.courier === 'string' ? order.courier : null;
  const number = typeof order.tracking_number === 'string' ? order.tracking_number : null;
  return {
    order_number: typeof order.order_number === 'string' ? order.order_number : order.$id,
    order_status: (order.order_status as OrderStatus | null) ?? 'pending',
    placedAt: order.$createdAt,
    updatedAt: order.$updatedAt,
    price: Number(order.price ?? 0),
    payment_type: order.payment_type === 'Bank' ? 'Bank' : 'COD',
    courier,
    tracking_number: number,
    tracking: trackingLink(courier, number),
  };
}
