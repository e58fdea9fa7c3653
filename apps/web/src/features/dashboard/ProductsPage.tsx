import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatRs, isInStock, unitPrice, type Product } from '@courtside/shop';
import { LoadError } from '../../components/ui/LoadError';
import { paths } from '../../config/routes';
import { previewUrl } from '../../lib/images';
import { useDashboardProductsQuery, useProductCountsQuery } from './products-api';
import { Counter, Loading, PageTitle } from './ui';
import { usePageTitle } from '../../lib/page-title';

/** Waits for a pause in typing so each keystroke does not cost a request. */
function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Product overview: counters, a search that filters by title (D8), the 12 newest products. */
export function ProductsPage() {
  usePageTitle('Products · Dashboard');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const counts = useProductCountsQuery();
  const grid = useDashboardProductsQuery(term);
  return (
    <section>
      <PageTitle
        actions={
          <Link
            to={paths.dashboard.addProduct}
            className="inline-flex min-h-11 items-center rounded-full bg-court px-5 text-sm font-semibold text-white hover:bg-court-dark"
          >
            Add Product
          </Link>
        }
      >
        All Products
      </PageTitle>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Counter label="Total Products" value={counts.data?.total} />
        <Counter label="Out of Stock" value={counts.data?.outOfStock} tone="text-danger" />
      </div>
      <div className="mt-5">
        <label htmlFor="dashboard-search" className="sr-only">
          Search products by title
        </label>
        <input
          id="dashboard-search"
          type="search"
          placeholder="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="min-h-11 w-full rounded-xl border border-line bg-white px-3.5 text-base shadow-sm outline-none focus:border-ink sm:max-w-md"
        />
      </div>
      <div className="mt-5" aria-busy={grid.isFetching || undefined}>
        {grid.isLoading ? (
          <Loading label="Loading products" />
        ) : grid.isError ? (
          <LoadError error={grid.error} onRetry={() => void grid.refetch()} />
        ) : grid.data && grid.data.products.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {grid.data.products.map((p) => (
              <li key={p.$id} className="flex">
                <ProductTile product={p} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="py-10 text-center text-muted">
            {term ? 'Your search did not match any Product' : 'No products yet.'}
          </p>
        )}
      </div>
    </section>
  );
}

function ProductTile({ product }: { product: Product }) {
  const out = !isInStock(product);
  return (
    <article className="group relative flex-1 overflow-hidden rounded-card border border-line bg-card shadow-sm">
      <div className="relative aspect-square bg-paper">
        {product.image && (
          <img
            src={previewUrl(product.image, 360, 360)}
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        )}
        {out && (
          <span className="absolute top-2 left-2 rounded-full bg-ink/80 px-2 py-0.5 text-[11px] font-semibold text-white">
            Out of Stock
          </span>
        )}
        <Link
          to={paths.dashboard.editProduct(product.$id)}
          aria-label={`Update ${product.title}`}
          className="absolute right-2 bottom-2 rounded-full bg-white/95 px-4 py-1.5 text-sm font-bold text-ink shadow ring-1 ring-line transition lg:inset-0 lg:flex lg:items-center lg:justify-center lg:rounded-none lg:bg-ink/55 lg:p-0 lg:text-base lg:text-white lg:opacity-0 lg:ring-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100"
        >
          Update
        </Link>
      </div>
      <div className="p-2.5">
        <h2 className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold">{product.title}</h2>
        <p className="mt-1 text-sm font-bold text-court-dark">{formatRs(unitPrice(product))}</p>
        <p className="truncate text-xs text-muted">
          EUR {product.size} · {product.condition}/10
          {!out && product.stock > 1 && ` · ${product.stock} left`}
        </p>
      </div>
    </article>
  );
}
