import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An empty state with the spec's text, what else the page offers, and a way back to shopping. */
export function NotAvailable({
  text,
  heading = 'h1',
  children,
}: {
  text: string;
  heading?: 'h1' | 'p';
  children?: ReactNode;
}) {
  const Tag = heading;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-5 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-court-soft text-court-dark">
        <svg viewBox="0 0 24 24" className="size-8" aria-hidden="true">
          <path
            d="M3 16c3 0 5-5 8-5s3 2 6 2 4 2 4 3v2H3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <Tag className="text-xl font-bold">{text}</Tag>
      {children}
      <Link
        to="/"
        className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        Continue shopping
      </Link>
    </section>
  );
}
