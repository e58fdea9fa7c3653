import { Link } from 'react-router';

const STEP =
  'grid size-11 shrink-0 place-items-center rounded-full ring-1 ring-line bg-white text-ink hover:bg-paper';

const arrow = (d: string) => (
  <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * "Page 2 of 3" between First, Previous, Next and Last: links, so each page has its address (a
 * reload, the back button and a shared link bring it back). `to(page)` is that page's address.
 */
export function Pagination(props: {
  page: number;
  pages: number;
  to: (page: number) => string;
  /** Names the navigation for screen readers ("Product pages"). */
  label: string;
}) {
  const { page, pages, to, label } = props;
  if (pages <= 1) return null;
  const step = (target: number, name: string, d: string) =>
    target === page || target < 1 || target > pages ? (
      <span className={`${STEP} opacity-40`} aria-hidden="true">
        {arrow(d)}
      </span>
    ) : (
      <Link to={to(target)} className={STEP} aria-label={name}>
        {arrow(d)}
      </Link>
    );
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-2">
      {step(1, 'First page', 'M15 5l-5 5 5 5M5 5v10')}
      {step(page - 1, 'Previous page', 'M12 5l-5 5 5 5')}
      <p className="min-w-24 px-1 text-center text-sm font-semibold tabular-nums">
        Page {page} of {pages}
      </p>
      {step(page + 1, 'Next page', 'M8 5l5 5-5 5')}
      {step(pages, 'Last page', 'M5 5l5 5-5 5M15 5v10')}
    </nav>
  );
}
