import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * One of the Overview's figures: what it is in plain words, the figure (a dash while it loads),
 * a line under it, and where to act on it when there is somewhere.
 */
export function Figure(props: {
  label: string;
  value: string | undefined;
  note?: ReactNode;
  link?: { to: string; label: string };
  tone?: string;
}) {
  const { label, value, note, link, tone } = props;
  return (
    <div className="flex h-full min-w-0 flex-col rounded-card border border-line bg-card p-3 shadow-sm sm:p-4">
      <p className="text-sm font-semibold text-ink-soft">{label}</p>
      <p
        className={`mt-1 text-xl font-black break-words tabular-nums sm:text-2xl ${tone ?? 'text-ink'}`}
      >
        {value ?? '–'}
      </p>
      {note && <p className="mt-0.5 text-xs text-muted">{note}</p>}
      {link && (
        <Link
          to={link.to}
          className="mt-auto inline-flex min-h-11 items-center text-sm font-semibold text-court-dark underline decoration-line underline-offset-4 hover:decoration-court"
        >
          {link.label}
        </Link>
      )}
    </div>
  );
}
