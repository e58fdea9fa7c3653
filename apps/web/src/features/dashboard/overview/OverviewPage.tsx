import { Link } from 'react-router';
import { formatRs, orderNumberText } from '@courtside/shop';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { useNewOrdersQuery } from '../orders/orders-api';
import { NO_FILTER, ordersFilterParams } from '../orders/orders-filters';
import { BestSellers } from './BestSellers';
import { Figure } from './Figure';
import { MailDeliveries } from './MailDeliveries';
import { NeedsYou } from './NeedsYou';
import { OrderOutcomes } from './OrderOutcomes';
import { useOpenMoneyQuery } from './open-orders-api';
import { SalesChart } from './SalesChart';
import { averageOrderValue, useDashboardStatsQuery } from './stats-api';
import { dateText, Loading, PageTitle } from '../ui';
import { usePageTitle } from '../../../lib/page-title';

const counted = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The pending bank orders: the transfers to look for in the account. */
const TRANSFERS_TO_CHECK = `${paths.dashboard.orders}?${ordersFilterParams({
  ...NO_FILTER,
  status: 'pending',
  payment: 'Bank',
})}`;

/**
 * What the owner reads first (D7), every figure from the shop's data: the money (sales today and
 * this month, the average order, cash still to collect, transfers to check), then customers,
 * products and messages held back (someone typing one address again and again: docs/limits.md),
 * sales by month, new orders and the best sellers. Days and months are Pakistan's (UTC+5).
 */
export function OverviewPage() {
  usePageTitle('Overview · Dashboard');
  const stats = useDashboardStatsQuery();
  const open = useOpenMoneyQuery();
  const s = stats.data;
  const average = s && averageOrderValue(s);
  const cash = open.data?.cashToCollect;
  const transfers = open.data?.transfersToCheck;
  return (
    <section>
      <PageTitle>Overview</PageTitle>
      <MailDeliveries />
      {(stats.isError || open.isError) && (
        <div className="mb-4">
          <LoadError
            error={stats.error ?? open.error}
            onRetry={() => void Promise.all([stats.refetch(), open.refetch()])}
          />
        </div>
      )}
      <h2 className="sr-only">Money</h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure
          label="Sales today"
          value={s && formatRs(s.salesToday)}
          note={s && counted(s.ordersToday, 'order')}
        />
        <Figure
          label="Sales this month"
          value={s && formatRs(s.salesThisMonth)}
          note={s && counted(s.ordersThisMonth, 'order')}
        />
        <Figure
          label="Average order"
          value={s && (average === null ? 'No orders yet' : formatRs(average ?? 0))}
          note="this month"
        />
        <Figure
          label="Cash to collect"
          value={cash && formatRs(cash.rupees)}
          note={cash && `${counted(cash.orders, 'order')} not delivered yet`}
        />
        <div className="col-span-2 lg:col-span-1">
          <Figure
            label="Bank transfers to check"
            value={transfers && formatRs(transfers.rupees)}
            note={transfers && `${counted(transfers.orders, 'order')} waiting`}
            {...(transfers?.orders
              ? { link: { to: TRANSFERS_TO_CHECK, label: 'Check them' } }
              : {})}
          />
        </div>
      </div>
      <NeedsYou />
      <h2 className="sr-only">Shop</h2>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3">
        <Figure
          label="Customers today"
          value={s?.signupsToday.toLocaleString('en-US')}
          note="new accounts"
        />
        <Figure
          label="Products"
          value={s?.totalProducts.toLocaleString('en-US')}
          note={s && `${s.inStock} in stock · ${s.outOfStock} sold out`}
        />
        <div className="col-span-2 md:col-span-1">
          <Figure
            label="Messages held back today"
            value={s?.held.today.toLocaleString('en-US')}
            note={s && `${s.held.week.toLocaleString('en-US')} in the last 7 days`}
          />
        </div>
      </div>
      <div className="mt-5 grid grid-cols-1 items-start gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 grid-cols-1 gap-4">
          <div className="min-w-0 rounded-card border border-line bg-card p-4 shadow-sm">
            {s ? (
              <SalesChart {...s.sales} />
            ) : (
              !stats.isError && <Loading label="Loading the figures" />
            )}
          </div>
          <OrderOutcomes />
          <BestSellers />
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
