import { errorText, worthRetrying } from '../../lib/errors';
import { Button } from './Button';

/**
 * A load that failed gives way to what went wrong and a Retry button, instead of an endless
 * spinner (D9). `what`: a whole page could not load ("this product"): a page-sized message that
 * always offers Retry. Otherwise a panel with the server's words, and Retry only when trying again
 * may help (a lost connection or a busy server, not a refusal).
 */
export function LoadError({
  error,
  what,
  onRetry,
  className = '',
}: {
  error?: unknown;
  what?: string;
  onRetry: () => void;
  className?: string;
}) {
  if (what !== undefined) {
    return (
      <section role="alert" className={`mx-auto max-w-md py-16 text-center ${className}`}>
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
  return (
    <div
      role="alert"
      className={`flex flex-col items-start gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-sm text-red-800 ${className}`}
    >
      <p>{errorText(error)}</p>
      {worthRetrying(error) && (
        <Button variant="ghost" onClick={onRetry} className="bg-white">
          Retry
        </Button>
      )}
    </div>
  );
}
