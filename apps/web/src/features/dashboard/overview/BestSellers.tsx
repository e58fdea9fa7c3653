import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { useBestSellersQuery } from './best-sellers-api';
import { Loading } from '../ui';

/** The pairs that sell most (the server's count of pairs sold), each with what is left of it. */
export function BestSellers() {
  const { data, isLoading, isError, error, refetch } = useBestSellersQuery();
  return (
    <section
      aria-labelledby="best-sellers"
      className="rounded-card border border-line bg-card p-4 shadow-sm"
    >
      <h2 id="best-sellers" className="mb-2 text-lg font-bold">
        Best sellers
      </h2>
      {isLoading ? (
        <Loading label="Loading the best sellers" />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data?.length ? (
        <p className="py-6 text-center text-sm text-muted">Nothing sold yet.</p>
      ) : (
        <ol className="divide-y divide-line">
          {data.map((p, i) => (
            <li key={p.$id} className="flex items-center gap-3 py-2">
              <span className="w-5 shrink-0 text-sm font-bold text-muted tabular-nums">
                {i + 1}
              </span>
              <Link
                to={paths.dashboard.editProduct(p.$id)}
                className="min-w-0 flex-1 truncate font-semibold hover:text-court-dark"
              >
                {p.title}
              </Link>
              <span className="text-right text-sm whitespace-nowrap tabular-nums">
                <span className="font-semibold">{p.sold} sold</span>
                <span className="block text-xs text-muted">
                  {p.stock > 0 ? `${p.stock} left` : 'Sold out'}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
