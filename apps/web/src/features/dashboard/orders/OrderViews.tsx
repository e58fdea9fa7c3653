import { Link } from 'react-router';
import { ORDER_VIEW_TEXT, type OrderView } from '@courtside/shop';
import { paths } from '../../../config/routes';
import { NO_FILTER, ordersFilterParams } from './orders-filters';
import { useOrderViewCountsQuery } from './orders-api';

/** The views the shop can count today. */
export const COUNTED_VIEWS: readonly OrderView[] = ['awaiting', 'buyer-confirmed', 'proof'];

/** The orders list showing one view (its first page, no other filter). */
export const viewPath = (view: OrderView) =>
  `${paths.dashboard.orders}?${ordersFilterParams({ ...NO_FILTER, view })}`;

/**
 * What needs the owner, each a link to its orders with how many there are: above the orders list
 * (the chosen one marked, a second tap shows every order again) and on the Overview.
 */
export function OrderViews({ current }: { current?: OrderView | null }) {
  const counts = useOrderViewCountsQuery(COUNTED_VIEWS);
  return (
    <nav aria-label="Orders that need you" className="mt-4">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3 lg:max-w-4xl">
        {COUNTED_VIEWS.map((view) => {
          const on = current === view;
          const n = counts.data?.[view];
          return (
            <li key={view} className="min-w-0">
              <Link
                to={on ? paths.dashboard.orders : viewPath(view)}
                aria-current={on ? 'page' : undefined}
                title={ORDER_VIEW_TEXT[view].note}
                className={`flex min-h-11 items-center justify-between gap-2 rounded-xl border px-3 py-2 text-sm font-semibold shadow-sm ${
                  on
                    ? 'border-ink bg-ink text-white'
                    : 'border-line bg-card text-ink hover:border-ink'
                }`}
              >
                <span className="min-w-0 truncate">{ORDER_VIEW_TEXT[view].label}</span>
                <span
                  className={`rounded-full px-2 text-xs tabular-nums ${
                    on ? 'bg-white/20' : n ? 'bg-red-100 text-red-700' : 'bg-line text-muted'
                  }`}
                >
                  {n === undefined ? '–' : n.toLocaleString('en-US')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
