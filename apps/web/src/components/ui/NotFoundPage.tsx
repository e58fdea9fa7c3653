import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { useNotFoundStatus } from '../../lib/page-status';

/**
 * 404 with the corrected copy of D5: an unknown path, and an unknown product, category, brand or
 * page alike; rendered on the server, the answer's status is 404 too.
 */
export function NotFoundPage() {
  usePageTitle('Page not found');
  useNotFoundStatus();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-5 py-20 text-center">
      <p className="text-7xl font-black text-court">404</p>
      <h1 className="text-2xl font-bold">Not Found</h1>
      <p className="text-ink-soft">
        The page you visited was not found. You may go to the home page.
      </p>
      <Link
        to="/"
        className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        Back To Home Page
      </Link>
    </section>
  );
}
