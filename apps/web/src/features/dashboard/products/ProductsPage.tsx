import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_PRODUCT_GRID, DEFAULT_SHOP_SETTINGS } from '@courtside/shop';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { BulkBar, productsText } from './BulkBar';
import { LowStockSetting } from '../settings/LowStockSetting';
import { Pagination } from '../Pagination';
import { productFiltersToParams, type ProductFilters } from './product-filters';
import { pageCount } from '../paging';
import { ProductFiltersBar } from './ProductFiltersBar';
import { useDashboardProductsQuery, useProductCountsQuery, type ProductGrid } from './products-api';
import { ProductTile } from './ProductTile';
import { ProductsTable } from './ProductsTable';
import { LayoutSwitch } from './LayoutSwitch';
import { rememberListPlace, useRestoreListScroll } from './list-place';
import { useShopSettingsQuery } from '../settings/settings-api';
import { Counter, Loading, PageTitle } from '../ui';
import { useProductFilters } from './use-product-filters';

/**
 * The products ticked for a bulk action. A new page, filter or sort starts with none: what is
 * ticked is always on screen.
 */
function useSelection(list: URLSearchParams) {
  const key = list.toString();
  const [selection, setSelection] = useState({ key, ids: new Set<string>() });
  const chosen = selection.key === key ? selection.ids : new Set<string>();
  const selectAll = (ids: string[]) => setSelection({ key, ids: new Set(ids) });
  return {
    chosen,
    select(id: string, on: boolean) {
      const ids = new Set(chosen);
      if (on) ids.add(id);
      else ids.delete(id);
      setSelection({ key, ids });
    },
    selectAll,
    clear: () => selectAll([]),
  };
}

/** The grid itself: loading, the load error, the tiles or the table, or why there are none. */
function ProductsGrid({
  grid,
  waiting,
  filters,
  chosen,
  onSelect,
}: {
  grid: {
    data?: ProductGrid;
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  waiting: boolean;
  filters: ProductFilters;
  chosen: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
}) {
  const products = grid.data?.products ?? [];
  return (
    <div className="mt-2" aria-busy={grid.isFetching || undefined}>
      {grid.isLoading || waiting ? (
        <Loading label="Loading products" />
      ) : grid.isError ? (
        <LoadError error={grid.error} onRetry={() => void grid.refetch()} />
      ) : products.length > 0 && filters.view === 'table' ? (
        <ProductsTable
          products={products}
          chosen={chosen}
          onSelect={onSelect}
          fetching={grid.isFetching}
        />
      ) : products.length > 0 ? (
        <ul
          aria-label="Products"
          className={`grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6 ${grid.isFetching ? 'opacity-60' : ''}`}
        >
          {products.map((p) => (
            <li key={p.$id} className="flex">
              <ProductTile
                product={p}
                selected={chosen.has(p.$id)}
                onSelect={(on) => onSelect(p.$id, on)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-10 text-center text-muted">
          {filters.q
            ? 'Your search did not match any Product'
            : filters.stock === 'draft' && !filters.group
              ? 'No drafts: every product is in the shop.'
              : filters.stock !== 'all' || filters.group
                ? 'No products match these filters.'
                : 'No products yet.'}
        </p>
      )}
    </div>
  );
}

/**
 * Product overview (docs/shop.md#the-dashboard): counters, then every product a page at a time
 * (page one of the plain grid is the spec's 12 newest), with a title search (D8), stock views,
 * category or brand, sorts, and bulk actions on the selected products.
 */
export function ProductsPage() {
  usePageTitle('Products · Dashboard');
  const state = useProductFilters();
  const { filters, change, pageTo } = state;
  const settings = useShopSettingsQuery();
  const lowStock = settings.data?.low_stock ?? DEFAULT_SHOP_SETTINGS.low_stock;
  // The low-stock view waits for the owner's setting; the others need none.
  const waiting = filters.stock === 'low' && settings.isLoading;
  const counts = useProductCountsQuery(lowStock, { skip: settings.isLoading });
  const grid = useDashboardProductsQuery({ filters, lowStock }, { skip: waiting });
  const products = grid.data?.products ?? [];
  const { chosen, select, selectAll, clear } = useSelection(productFiltersToParams(filters));
  const selected = products.filter((p) => chosen.has(p.$id));
  const pages = pageCount(grid.data?.total ?? 0, DASHBOARD_PRODUCT_GRID);
  useRestoreListScroll(grid.data !== undefined && !waiting);

  // A page emptied by deletions, or beyond the end of a shorter list: the last page instead.
  const past = grid.data !== undefined && !grid.isFetching && filters.page > pages;
  useEffect(() => {
    if (past) change({ page: pages }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [past, pages]);

  return (
    <section>
      <PageTitle
        actions={
          <Link
            to={paths.dashboard.addProduct}
            onClick={() => rememberListPlace(window.location.search)}
            className="inline-flex min-h-11 items-center rounded-full bg-court px-5 text-sm font-semibold text-white hover:bg-court-dark"
          >
            Add Product
          </Link>
        }
      >
        All Products
      </PageTitle>
      <div className="grid grid-cols-3 gap-2 sm:max-w-xl sm:gap-3">
        <Counter label="Total Products" value={counts.data?.total} />
        <Counter label="Out of Stock" value={counts.data?.outOfStock} tone="text-danger" />
        <Counter
          label="Low Stock"
          value={counts.data?.lowStock}
          tone="text-amber-700"
          note={`${lowStock} left or fewer`}
        />
      </div>
      <div className="mt-5 space-y-3">
        <ProductFiltersBar {...state} />
        {filters.stock === 'low' && settings.data && (
          <LowStockSetting key={lowStock} value={lowStock} />
        )}
      </div>
      <div className="mt-4 flex min-h-11 flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm font-semibold text-muted" aria-live="polite">
          {grid.data ? productsText(grid.data.total) : '\u00a0'}
        </p>
        <LayoutSwitch value={filters.view} onChange={(view) => change({ view })} />
        {products.length > 0 && (
          <label className="ml-auto flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              checked={selected.length === products.length}
              onChange={(e) => selectAll(e.target.checked ? products.map((p) => p.$id) : [])}
              className="size-5 accent-ink"
            />
            Select all on this page
          </label>
        )}
      </div>
      <ProductsGrid
        grid={grid}
        waiting={waiting}
        filters={filters}
        chosen={chosen}
        onSelect={select}
      />
      <div className="mt-5">
        <Pagination page={filters.page} pages={pages} to={pageTo} label="Product pages" />
      </div>
      {selected.length > 0 && <BulkBar selected={selected} onDone={clear} />}
    </section>
  );
}
