import { LOADING_LOGO_SIZE } from '../../config/logo';
import { Logo } from './Brand';

export function Spinner({
  label = 'Loading',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-line border-t-court"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** What the shell shows while it looks up the current user: the logo and a spinner. */
export function FullPageSpinner({ label = 'Loading the shop' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <Logo size={LOADING_LOGO_SIZE} className="animate-pulse" />
      <Spinner label={label} />
    </div>
  );
}
