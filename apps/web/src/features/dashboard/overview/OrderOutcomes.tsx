import { OUTCOME_MONTHS_DEFAULT, rateText, type OutcomeMonth } from '@courtside/shop';
import { LoadError } from '../../../components/ui/LoadError';
import { Loading } from '../ui';
import { useOrderOutcomesQuery } from './outcomes-api';

/** "Nov 2026" of "2026-11". */
const monthText = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const COLUMNS: { label: string; title: string; value: (m: OutcomeMonth) => string }[] = [
  { label: 'Orders', title: 'Orders placed', value: (m) => String(m.placed) },
  {
    label: 'Confirmed',
    title: 'Confirmed by the buyer with their link',
    value: (m) => String(m.confirmedByBuyer),
  },
  {
    label: 'Cancelled',
    title: 'Cancelled by the buyer with their link',
    value: (m) => String(m.cancelledByBuyer),
  },
  {
    label: 'Expired',
    title: 'Never confirmed in time: cancelled by the shop',
    value: (m) => String(m.expiredUnconfirmed),
  },
  {
    label: 'Returned',
    title: 'Parcels refused or sent back, of those shipped',
    value: (m) => `${m.refused} of ${m.shipped}`,
  },
  { label: 'Return rate', title: 'Returned ÷ shipped', value: (m) => rateText(m.returnRate) },
];

/**
 * The Overview's "Confirmations and returns": month by month (newest first), how buyers answered
 * their confirmation links and how many shipped parcels came back, the figure a cash-on-delivery
 * shop lives by.
 */
export function OrderOutcomes() {
  const { data, isLoading, isError, error, refetch } =
    useOrderOutcomesQuery(OUTCOME_MONTHS_DEFAULT);
  return (
    <section
      aria-labelledby="order-outcomes"
      className="min-w-0 rounded-card border border-line bg-card p-4 shadow-sm"
    >
      <h2 id="order-outcomes" className="text-lg font-bold">
        Confirmations and returns
      </h2>
      <p className="mt-0.5 text-xs text-muted">
        By the month orders were placed. Return rate: parcels refused or sent back, of those
        shipped.
      </p>
      {isLoading ? (
        <Loading label="Loading confirmations and returns" />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[34rem] text-sm tabular-nums">
            <thead>
              <tr className="border-b border-line text-left text-xs text-ink-soft">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Month
                </th>
                {COLUMNS.map((c) => (
                  <th
                    key={c.label}
                    scope="col"
                    title={c.title}
                    className="px-2 py-2 text-right font-semibold"
                  >
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {[...(data ?? [])].reverse().map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="py-2 pr-3 text-left font-semibold whitespace-nowrap">
                    {monthText(m.month)}
                  </th>
                  {COLUMNS.map((c) => (
                    <td key={c.label} className="px-2 py-2 text-right whitespace-nowrap">
                      {c.value(m)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
