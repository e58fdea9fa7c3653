import {
  DASHBOARD_STATUS,
  formatPakistaniMobile,
  formatRs,
  orderNumberText,
  type Order,
} from '@courtside/shop';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { OwnerNotes } from '../notes/OwnerNotes';
import { NumberPanel } from '../numbers/NumberPanel';
import { ORDERS_PAGE, useOrdersListQuery } from '../orders/orders-api';
import { NO_FILTER } from '../orders/orders-filters';
import { dateText, Gone, Loading } from '../ui';
import { CustomerCard } from './CustomerCard';
import { useCustomersQuery } from './customers-api';

/**
 * /dashboard/customers/:phone: one customer, by their number: their figures, their latest
 * orders (each a tap from its page) and the owner's notes on them ("refused a parcel in March").
 */
export function CustomerPage() {
  const { phone = '' } = useParams();
  const local = formatPakistaniMobile(phone);
  const found = useCustomersQuery({ search: local, limit: 100, offset: 0 });
  const customer = found.data?.customers.find((c) => c.phone === phone);
  usePageTitle(`${customer?.name || local} · Customers · Dashboard`);
  return (
    <section>
      <Link
        to={paths.dashboard.customers}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-ink-soft hover:text-court-dark"
      >
        ← All customers
      </Link>
      <h1 className="mb-5 text-2xl font-black tracking-tight lg:text-3xl">
        {customer?.name || local}
      </h1>
      {found.isLoading ? (
        <Loading label="Loading the customer" />
      ) : found.isError ? (
        <LoadError error={found.error} onRetry={() => void found.refetch()} />
      ) : !customer ? (
        <Gone
          message={`Nobody has ordered with ${local}.`}
          back={{ to: paths.dashboard.customers, label: 'All customers' }}
        />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
          <div className="grid gap-5">
            <CustomerCard customer={customer} linked={false} />
            <NumberPanel phone={customer.phone} />
            <CustomerOrders phone={local} count={customer.orders} />
          </div>
          <section
            aria-labelledby="customer-notes"
            className="rounded-card border border-line bg-card p-4 shadow-sm"
          >
            <h2 id="customer-notes" className="mb-2 text-lg font-bold">
              Notes
            </h2>
            <OwnerNotes
              subject={{ kind: 'customer', id: customer.phone }}
              placeholder="Refused a parcel in March; ask for an advance; prefers evening calls…"
            />
          </section>
        </div>
      )}
    </section>
  );
}

/** Their latest orders, newest first; the orders list has them all. */
function CustomerOrders({ phone, count }: { phone: string; count: number }) {
  const list = useOrdersListQuery({ ...NO_FILTER, q: phone });
  const all = `${paths.dashboard.orders}?${new URLSearchParams({ q: phone }).toString()}`;
  return (
    <section
      aria-labelledby="customer-orders"
      className="rounded-card border border-line bg-card p-4 shadow-sm"
    >
      <h2 id="customer-orders" className="mb-2 text-lg font-bold">
        Orders
      </h2>
      {list.isLoading ? (
        <Loading label="Loading their orders" />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ul aria-label="Their orders, newest first" className="divide-y divide-line">
          {list.data?.orders.map((o) => (
            <OrderLine key={o.$id} order={o} />
          ))}
        </ul>
      )}
      {count > ORDERS_PAGE && (
        <Link
          to={all}
          className="mt-3 inline-block text-sm font-semibold text-court-dark underline"
        >
          All {count} orders
        </Link>
      )}
    </section>
  );
}

function OrderLine({ order: o }: { order: Order }) {
  const status = DASHBOARD_STATUS[o.order_status];
  return (
    <li>
      <Link
        to={paths.dashboard.order(o.$id)}
        className="grid min-h-11 grid-cols-[1fr_auto] gap-x-3 py-2 text-sm hover:bg-paper"
      >
        <span className="font-semibold">{orderNumberText(o.order_number)}</span>
        <span className="text-right font-semibold tabular-nums">{formatRs(o.price)}</span>
        <span className="text-muted">{dateText(o.$createdAt)}</span>
        <span className="text-right text-xs font-semibold text-ink-soft">{status.label}</span>
      </Link>
    </li>
  );
}
