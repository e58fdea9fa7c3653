import { categoryLabel, isCategory } from '@courtside/shop';
import { useParams } from 'react-router';
import { ProductCard, ProductCardSkeleton } from '../../components/product/ProductCard';
import { usePageTitle } from '../../lib/page-title';
import { useCategoryProductsQuery } from '../catalog/products-api';
import { LoadError, NotAvailable } from '../storefront/States';

const EMPTY = 'This category not available yet';
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** The products of one category (spec section 2, D12). */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const known = isCategory(slug);
  usePageTitle(known ? categoryLabel(slug) : 'Category not available');
  const { data, isLoading, isError, refetch } = useCategoryProductsQuery(slug, { skip: !known });
  if (!known) return <NotAvailable text={EMPTY} />;
  if (isError) return <LoadError what="this category" onRetry={() => void refetch()} />;
  return (
    <div className="space-y-6">
      <header className="flex items-end justify-between gap-4 border-b border-line pb-4">
        <div>
          <p className="text-xs font-bold uppercase tracking-wider text-court-dark">Category</p>
          <h1 className="text-3xl font-black tracking-tight">{categoryLabel(slug)}</h1>
        </div>
        {data && data.length > 0 && (
          <p className="text-sm text-muted">
            {data.length} {data.length === 1 ? 'pair' : 'pairs'}
          </p>
        )}
      </header>
      <h2 className="sr-only">Products</h2>
      {isLoading || !data ? (
        <div className={GRID}>
          {Array.from({ length: 8 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : data.length === 0 ? (
        <NotAvailable text={EMPTY} heading="p" />
      ) : (
        <ul className={GRID} aria-label={`${categoryLabel(slug)} shoes`}>
          {data.map((p, i) => (
            <li key={p.$id}>
              <ProductCard product={p} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
