import { useEffect, useId, useState } from 'react';
import { BRANDS, CATEGORIES } from '@courtside/shop';
import {
  PRODUCT_SORT_LABELS,
  productSortsFor,
  STOCK_VIEWS,
  type ProductGroup,
  type ProductSort,
} from './product-filters';
import type { ProductFiltersState } from './use-product-filters';

const SELECT =
  'h-11 w-full min-w-0 rounded-full border border-line bg-white pr-7 pl-3 text-sm font-semibold';

/** Waits for a pause in typing so each keystroke does not cost a request. */
function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const groupValue = (g: ProductGroup) => (g ? `${g.kind}:${g.slug}` : '');

function groupOf(value: string): ProductGroup {
  const [kind, slug] = value.split(':');
  return (kind === 'brand' || kind === 'category') && slug ? { kind, slug } : null;
}

/** The title search (D8): typed text reaches the address, and the server, once typing pauses. */
function SearchField({ filters, change }: ProductFiltersState) {
  const [text, setText] = useState(filters.q);
  const term = useDebounced(text.trim());
  useEffect(() => {
    if (term !== filters.q) change({ q: term }, true);
    // Only a settled term searches; `change` is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term]);
  // The back button (or a link) brought another search: the box shows it.
  const [shown, setShown] = useState(filters.q);
  if (shown !== filters.q) {
    setShown(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }
  return (
    <div>
      <label htmlFor="dashboard-search" className="sr-only">
        Search products by title
      </label>
      <input
        id="dashboard-search"
        type="search"
        placeholder="Search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="min-h-11 w-full rounded-xl border border-line bg-white px-3.5 text-base shadow-sm outline-none focus:border-ink"
      />
    </div>
  );
}

/**
 * The grid's search, stock view (all, in stock, out of stock, low stock), category or brand, and
 * sort; every choice goes to the address (product-filters.ts).
 */
export function ProductFiltersBar(state: ProductFiltersState) {
  const { filters, change } = state;
  const groupId = useId();
  const sortId = useId();
  return (
    <div className="space-y-3">
      <div className="grid gap-3 lg:grid-cols-[minmax(0,24rem)_1fr] lg:items-center">
        <SearchField {...state} />
        <div
          role="group"
          aria-label="Stock"
          className="grid grid-cols-5 gap-1 sm:flex sm:flex-wrap sm:gap-1.5"
        >
          {STOCK_VIEWS.map(({ view, label }) => (
            <button
              key={view}
              type="button"
              aria-pressed={filters.stock === view}
              onClick={() => change({ stock: view })}
              className={`min-h-10 rounded-full px-1 text-xs font-semibold ring-1 sm:px-3.5 sm:text-sm ${filters.stock === view ? 'bg-ink text-white ring-ink' : 'bg-white text-ink-soft ring-line hover:bg-paper'}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-3">
        <div className="min-w-0 sm:w-56">
          <label htmlFor={groupId} className="sr-only">
            Category or brand
          </label>
          <select
            id={groupId}
            value={groupValue(filters.group)}
            onChange={(e) => change({ group: groupOf(e.target.value) })}
            className={SELECT}
          >
            <option value="">All brands</option>
            <optgroup label="Brands">
              {BRANDS.map((b) => (
                <option key={b.slug} value={`brand:${b.slug}`}>
                  {b.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Lines">
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={`category:${c.slug}`}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="min-w-0 sm:w-56">
          <label htmlFor={sortId} className="sr-only">
            Sort by
          </label>
          <select
            id={sortId}
            value={filters.sort}
            onChange={(e) => change({ sort: e.target.value as ProductSort })}
            className={SELECT}
          >
            {productSortsFor(filters.q).map((s) => (
              <option key={s} value={s}>
                {PRODUCT_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
