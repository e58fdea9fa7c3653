import { Link } from 'react-router';
import { formatRs, orderNumberText } from '@courtside/shop';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { useNewOrdersQuery } from '../orders/orders-api';
import { MailDeliveries } from './MailDeliveries';
import { SalesChart } from './SalesChart';
import { useDashboardStatsQuery } from './stats-api';
import { Counter, dateText, Loading, PageTitle } from '../ui';
import { usePageTitle } from '../../../lib/page-title';

/**
 * Real figures (D7): today's sign-ups and orders, products, messages held back (someone typing
 * one address again and again: docs/limits.md), sales by month, new orders.
 */
export function OverviewPage() {
  usePageTitle('Overview · Dashboard');
  const stats = useDashboardStatsQuery();
  const s = stats.data;
  return (
    <section>
      <PageTitle>Overview</PageTitle>
      <MailDeliveries />
      {stats.isError && (
        <div className="mb-4">
          <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Counter label="Customers | Today" value={s?.signupsToday} />
        <Counter label="Orders | Today" value={s?.ordersToday} />
        <div className="col-span-2 md:col-span-1">
          <Counter
            label="Total Product"
            value={s?.totalProducts}
            {...(s ? { note: `${s.inStock} in stock · ${s.outOfStock} out of stock` } : {})}
          />
        </div>
        <div className="col-span-2 md:col-span-1">
          <Counter
            label="Messages held back | Today"
            value={s?.held.today}
            {...(s ? { note: `${s.held.week.toLocaleString('en-US')} in the last 7 days` } : {})}
          />
        </div>
      </div>
      <div className="mt-5 grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 rounded-card border border-line bg-card p-4 shadow-sm">
          {s ? (
            <SalesChart {...s.sales} />
          ) : (
            !stats.isError && <Loading label="Loading the figures" />
          )}
        </div>
        <NewOrders />
      </div>
    </section>
  );
}

function NewOrders() {
  const { data, isLoading, isError, error, refetch } = useNewOrdersQuery(6);
  return (
    <section className="rounded-card border border-line bg-card p-4 shadow-sm">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-lg font-bold">New Orders</h2>
        <Link to={paths.dashboard.orders} className="text-sm font-semibold text-court-dark">
          All orders
        </Link>
      </div>
      {isLoading ? (
        <Loading label="Loading new orders" />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data?.length ? (
        <p className="py-6 text-center text-sm text-muted">No pending orders. All caught up.</p>
      ) : (
        <ul className="divide-y divide-line">
          {data.map((o) => (
            <li key={o.$id}>
              <Link
                to={paths.dashboard.order(o.$id)}
                className="flex items-center justify-between gap-3 py-2.5 hover:text-court-dark"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{o.User_name}</span>
                  <span className="text-xs text-muted">
                    {orderNumberText(o.order_number)} · {dateText(o.$createdAt)}
                  </span>
                </span>
                <span className="font-semibold whitespace-nowrap tabular-nums">
                  {formatRs(o.price)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
