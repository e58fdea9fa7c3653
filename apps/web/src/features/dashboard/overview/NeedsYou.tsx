import { ORDER_VIEW_TEXT } from '@courtside/shop';
import { useOrderViewCountsQuery } from '../orders/orders-api';
import { COUNTED_VIEWS, viewPath } from '../orders/OrderViews';
import { Figure } from './Figure';

/** The Overview's orders that wait on the owner or the buyer, each a link to its list. */
export function NeedsYou() {
  const counts = useOrderViewCountsQuery(COUNTED_VIEWS);
  return (
    <>
      <h2 className="sr-only">Orders that need you</h2>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        {COUNTED_VIEWS.map((view) => {
          const n = counts.data?.[view];
          return (
            <Figure
              key={view}
              label={ORDER_VIEW_TEXT[view].label}
              value={n?.toLocaleString('en-US')}
              note={ORDER_VIEW_TEXT[view].note}
              {...(n ? { link: { to: viewPath(view), label: 'Show them' } } : {})}
            />
          );
        })}
      </div>
    </>
  );
}
