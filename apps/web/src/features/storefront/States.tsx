import { Link } from 'react-router';

/** A fetch that failed: what could not load and a Retry button (D9). */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <section role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-muted">
        We could not load {what}. Check your connection and try again.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-5 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        Retry
      </button>
    </section>
  );
}

/** An empty state with the spec's text and a way back to shopping. */
export function NotAvailable({ text, heading = 'h1' }: { text: string; heading?: 'h1' | 'p' }) {
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
      <Link
        to="/"
        className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        Continue shopping
      </Link>
    </section>
  );
}
