import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_STATUS, isOrderStatus, ORDER_STATUSES, type PaymentType } from '@courtside/shop';
import { PHONE_PART_MIN, searchOf, type OrdersFilter } from './orders-filters';

/** How long typing pauses before the list searches. */
const SEARCH_PAUSE_MS = 350;

const PAYMENTS: readonly PaymentType[] = ['COD', 'Bank'];

const fieldClass =
  'min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base shadow-sm outline-none focus:border-ink sm:text-sm';

/**
 * The search box's text, searched once typing pauses (replacing the address when a search was
 * already shown, rather than adding a step to the history for every pause) or at once on Enter.
 */
function usePausedSearch(
  filter: OrdersFilter,
  onChange: (next: OrdersFilter, replace?: boolean) => void,
) {
  const [text, setText] = useState(filter.q);
  const [shownQ, setShownQ] = useState(filter.q);
  // The address changed by other means (back button, "Show every order"): the box follows.
  if (shownQ !== filter.q) {
    setShownQ(filter.q);
    setText(filter.q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The search that fires after a pause reads the filters as they are then, not as they were.
  const latest = useRef({ filter, onChange });
  useEffect(() => {
    latest.current = { filter, onChange };
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (q: string, replace: boolean) => {
    clearTimeout(timer.current);
    const { filter: now, onChange: change } = latest.current;
    if (q.trim() !== now.q) change({ ...now, q: q.trim(), page: 1 }, replace);
  };
  return {
    text,
    type(q: string) {
      setText(q);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => search(q, filter.q !== ''), SEARCH_PAUSE_MS);
    },
    submit: () => search(text, false),
  };
}

/**
 * Search by name, phone or order number, and the status and payment filters. A choice starts the
 * list again at its first page; typing searches once it pauses.
 */
export function OrdersFilterBar({
  filter,
  onChange,
}: {
  filter: OrdersFilter;
  onChange: (next: OrdersFilter, replace?: boolean) => void;
}) {
  const { text, type, submit } = usePausedSearch(filter, onChange);
  const short = searchOf(text)?.by === 'too-short';
  return (
    <form
      role="search"
      className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_10rem] sm:gap-3 lg:max-w-3xl"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="orders-search" className="sr-only">
          Search orders
        </label>
        <input
          id="orders-search"
          type="search"
          value={text}
          placeholder="Name, phone or order number"
          aria-describedby={short ? 'orders-search-hint' : undefined}
          onChange={(e) => type(e.target.value)}
          className={fieldClass}
        />
        {short && (
          <p id="orders-search-hint" className="mt-1 text-xs text-muted">
            Type at least {PHONE_PART_MIN} digits of the phone number, like 0301 or 4567.
          </p>
        )}
      </div>
      <label className="sr-only" htmlFor="orders-status">
        Status
      </label>
      <select
        id="orders-status"
        value={filter.status ?? ''}
        onChange={(e) => {
          const status = e.target.value;
          onChange({ ...filter, status: isOrderStatus(status) ? status : null, page: 1 });
        }}
        className={fieldClass}
      >
        <option value="">Every status</option>
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {DASHBOARD_STATUS[s].label}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="orders-payment">
        Payment
      </label>
      <select
        id="orders-payment"
        value={filter.payment ?? ''}
        onChange={(e) => {
          const payment = PAYMENTS.find((p) => p === e.target.value) ?? null;
          onChange({ ...filter, payment, page: 1 });
        }}
        className={fieldClass}
      >
        <option value="">Every payment</option>
        {/* As the Payment column shows them, short enough for two filters side by side. */}
        {PAYMENTS.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
    </form>
  );
}
