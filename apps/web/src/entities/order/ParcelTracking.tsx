import { courierName, isCourierId, trackingLink, type Order } from '@courtside/shop';

/**
 * Who carries the parcel and its tracking number, with a link to follow it where the courier has
 * one (packages/shop couriers.ts): the customer's My Orders and the owner's order page show the
 * same line. Nothing while the order has no courier.
 */
export function ParcelTracking({ order }: { order: Pick<Order, 'courier' | 'tracking_number'> }) {
  if (!isCourierId(order.courier)) return null;
  const link = trackingLink(order.courier, order.tracking_number);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
      <span>
        <span className="text-muted">Courier </span>
        <span className="font-semibold">{courierName(order.courier)}</span>
      </span>
      {order.tracking_number ? (
        <span>
          <span className="text-muted">Tracking </span>
          <span className="font-mono font-semibold break-all">{order.tracking_number}</span>
        </span>
      ) : (
        <span className="text-muted">Tracking number to follow</span>
      )}
      {link && (
        <span>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-court-dark underline underline-offset-4"
          >
            {link.direct ? 'Track parcel' : `Track on ${courierName(order.courier)}`}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {!link.direct && <span className="text-xs text-muted"> (type the number there)</span>}
        </span>
      )}
    </p>
  );
}
