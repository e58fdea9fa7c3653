import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-black tracking-tight lg:text-3xl">{children}</h1>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A labelled figure; shows a dash while its number is not known yet. */
export function Counter(props: { label: string; value?: number; tone?: string; note?: string }) {
  const { label, value, tone, note } = props;
  return (
    <div className="rounded-card border border-line bg-card p-3 shadow-sm sm:p-4">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className={`mt-1 text-2xl font-black tabular-nums sm:text-3xl ${tone ?? 'text-ink'}`}>
        {value === undefined ? '–' : value.toLocaleString('en-US')}
      </p>
      {note && <p className="mt-0.5 text-xs text-muted">{note}</p>}
    </div>
  );
}

/** What a link to something deleted shows: say so plainly and offer the way back. */
export function Gone({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-card border border-line bg-card p-4 text-sm shadow-sm"
    >
      <p className="font-semibold text-ink">{message}</p>
      <Link
        to={back.to}
        className="inline-flex min-h-11 items-center rounded-full bg-ink px-5 font-semibold text-white hover:bg-ink-soft"
      >
        {back.label}
      </Link>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} />
    </div>
  );
}

export const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
