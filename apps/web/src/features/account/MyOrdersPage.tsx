import {
  formatRs,
  paymentLabel,
  paymentStateOf,
  readOrderLines,
  unitPrice,
  type Order,
  orderNumberText,
} from '@courtside/shop';
import { Link } from 'react-router';
import { LoadError } from '../../components/ui/LoadError';
import { useAppDispatch, useAuth } from '../../entities/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { formatWhen } from '../../lib/format-when';
import { PageHeading, RequireUser } from './AccountLayout';
import { ordersApi, useMyOrdersQuery } from '../../entities/order/orders-api';
import { PaymentBadge, PaymentProofUpload } from '../../entities/order/PaymentProofUpload';
import { StatusBadge } from './StatusBadge';
import { ParcelTracking } from '../../entities/order/ParcelTracking';
import { usePageTitle } from '../../lib/page-title';

export function MyOrdersPage() {
  usePageTitle('My Orders');
  return (
    <RequireUser>
      <MyOrders />
    </RequireUser>
  );
}

function MyOrders() {
  const userId = useAuth().userData?.$id ?? '';
  const { data, error, isLoading, refetch } = useMyOrdersQuery(userId, { skip: !userId });
  return (
    <section>
      <PageHeading>My Orders</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Newest first. Status changes and tracking numbers show here as they happen.
      </p>
      {isLoading && <Spinner label="Loading your orders" className="mt-8" />}
      {error && <LoadError error={error} onRetry={() => void refetch()} className="mt-6" />}
      {data?.length === 0 && (
        <div className="mt-6 rounded-card border border-dashed border-line p-8 text-center">
          <p className="font-semibold">You have no orders yet</p>
          <Link to={paths.home} className="mt-2 inline-block text-sm font-semibold underline">
            Go To Shopping
          </Link>
        </div>
      )}
      {data && data.length > 0 && (
        <ol className="mt-6 space-y-4">
          {data.map((order) => (
            <OrderCard key={order.$id} order={order} />
          ))}
        </ol>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const lines = readOrderLines(order.products);
  return (
    <li
      aria-label={`Order ${orderNumberText(order.order_number)}`}
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-bold">Order {orderNumberText(order.order_number)}</p>
          <p className="text-xs text-muted">{formatWhen(order.$createdAt)}</p>
        </div>
        <StatusBadge status={order.order_status} />
      </div>
      <ul className="mt-3 divide-y divide-line border-y border-line text-sm">
        {lines.map((line, i) => (
          <li key={`${line.$id}-${i}`} className="flex justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="line-clamp-2 break-words">{line.title}</span>
              <span className="text-xs text-muted">
                {line.size ? `EUR ${line.size} · ` : ''}Qty {line.quantity}
              </span>
            </span>
            <span className="shrink-0 tabular-nums">
              {formatRs(unitPrice(line) * line.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="text-muted">{paymentLabel(order.payment_type)}</span>
        <span className="text-base font-black tabular-nums">Total {formatRs(order.price)}</span>
      </div>
      <AdvancePayment order={order} />
      {order.courier && (
        <div className="mt-3 rounded-xl bg-paper px-3 py-2">
          <ParcelTracking order={order} />
        </div>
      )}
    </li>
  );
}

/**
 * A bank-transfer order's payment: its state, and while it is open and not paid, the screenshot
 * upload (docs/shop.md §4). The list is read again once a screenshot is on the order.
 */
function AdvancePayment({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const state = paymentStateOf(order);
  if (!state) return null;
  const open = order.order_status === 'pending' || order.order_status === 'confirmed';
  return (
    <div className="mt-3 rounded-xl border border-line px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">Payment</span>
        <PaymentBadge state={state} />
      </div>
      {open && (
        <PaymentProofUpload
          orderId={order.$id}
          state={state}
          className="mt-2"
          onSent={() => dispatch(ordersApi.util.invalidateTags(['Order']))}
        />
      )}
    </div>
  );
}
