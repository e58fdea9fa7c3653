import { categoryLabel, COUNTDOWN, HOME_SIDE_LINES } from '@courtside/shop';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/routes';

/** The shoe lines beside the banner, on wide screens only (docs/shop.md §2, D12). */
export function SideLines() {
  return (
    <nav
      aria-label="Shoe lines"
      className="hidden rounded-card border border-line bg-white lg:block"
    >
      <h2 className="border-b border-line px-4 py-3 text-xs font-bold uppercase tracking-wider text-muted">
        Shop by line
      </h2>
      <ul className="py-1">
        {HOME_SIDE_LINES.map((slug) => (
          <li key={slug}>
            <Link
              to={paths.category(slug)}
              className="flex items-center justify-between px-4 py-2 text-sm font-medium hover:bg-court-soft hover:text-court-dark"
            >
              {categoryLabel(slug)}
              <span aria-hidden="true" className="text-muted">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function remaining(deadline: number) {
  const ms = Math.max(0, deadline - Date.now());
  const s = Math.floor(ms / 1000);
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

/** The countdown of docs/shop.md §4; configured off on the home carousels (D15). */
export function Countdown({
  active = COUNTDOWN.active,
  deadline = COUNTDOWN.deadline,
}: {
  active?: boolean;
  deadline?: string;
}) {
  const end = new Date(deadline).getTime();
  const [left, setLeft] = useState(() => remaining(end));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setLeft(remaining(end)), 1000);
    return () => clearInterval(timer);
  }, [active, end]);
  if (!active) return null;
  return (
    <p role="timer" className="flex gap-2 text-sm font-semibold">
      {Object.entries(left).map(([unit, n]) => (
        <span key={unit} className="rounded bg-ink px-2 py-1 text-white">
          {String(n).padStart(2, '0')} <span className="text-xs font-normal">{unit}</span>
        </span>
      ))}
    </p>
  );
}
