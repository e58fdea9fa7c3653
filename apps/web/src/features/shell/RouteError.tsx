import { isRouteErrorResponse, Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

const TITLES: Record<number, string> = {
  404: '404 Not Found',
  405: '405 Method Not Allowed',
  400: '400 Bad Request',
};

/** The routes' fallback (docs/shop.md §8), for what RouteErrorBoundary caught. */
export function RouteError({ error }: { error: unknown }) {
  const title = isRouteErrorResponse(error)
    ? (TITLES[error.status] ?? `${error.status} ${error.statusText}`)
    : 'Unexpected Application Error!';
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-ink-soft">Please reload the page, or go back to the shop.</p>
      <Link to="/" className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white">
        Back To Home Page
      </Link>
    </section>
  );
}
