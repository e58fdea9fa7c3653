import { categoryLabel, isCategory } from '@courtside/shop';
import { useParams } from 'react-router';
import { LoadError } from '../../components/ui/LoadError';
import { ProductCard, ProductCardSkeleton } from '../../components/product/ProductCard';
import { Button } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/page-title';
import { useCategoryProductsInfiniteQuery } from '../../entities/product/products-api';
import { NotAvailable } from '../../components/ui/NotAvailable';

const EMPTY = 'This category not available yet';
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/**
 * The products of one category (docs/shop.md §2, D12), a page at a time: "N pairs" counts the whole
 * category (the list's `total`), and Load more fetches the next page after the last card.
 */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const known = isCategory(slug);
  usePageTitle(known ? categoryLabel(slug) : 'Category not available');
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useCategoryProductsInfiniteQuery(slug, { skip: !known });
  const products = data?.pages.flatMap((p) => p.products);
  if (!known) return <NotAvailable text={EMPTY} />;
  const total = data?.pages[0]?.total ?? 0;
  if (isError && !products) {
    return <LoadError what="this category" onRetry={() => void refetch()} />;
  }
  return (
    <div className="space-y-6">
      <header className="flex items-end justify-between gap-4 border-b border-line pb-4">
        <div>
          <p className="text-xs font-bold uppercase tracking-wider text-court-dark">Category</p>
          <h1 className="text-3xl font-black tracking-tight">{categoryLabel(slug)}</h1>
        </div>
        {total > 0 && (
          <p className="text-sm text-muted">
            {total} {total === 1 ? 'pair' : 'pairs'}
          </p>
        )}
      </header>
      <h2 className="sr-only">Products</h2>
      {isLoading || !products ? (
        <div className={GRID}>
          {Array.from({ length: 8 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <NotAvailable text={EMPTY} heading="p" />
      ) : (
        <>
          <ul className={GRID} aria-label={`${categoryLabel(slug)} shoes`}>
            {products.map((p, i) => (
              <li key={p.$id}>
                <ProductCard product={p} eager={i < 4} />
              </li>
            ))}
          </ul>
          {(hasNextPage || isError) && (
            <div className="flex flex-col items-center gap-2">
              <p className="text-sm text-muted" aria-live="polite">
                {isError
                  ? 'More pairs could not be loaded.'
                  : `Showing ${products.length} of ${total}`}
              </p>
              <Button
                variant="ghost"
                loading={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isError ? 'Retry' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
