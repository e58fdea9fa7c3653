import { Link } from 'react-router';
import { printPath } from './paper';

/** Opens the printable invoice and packing slip of these orders (PrintPage). */
export function PrintLink({ orderIds, label }: { orderIds: readonly string[]; label: string }) {
  return (
    <Link
      to={printPath(orderIds)}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold hover:border-ink"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z" />
      </svg>
      {label}
    </Link>
  );
}
