import { Suspense, useId, useState, type ReactNode } from 'react';
import { ProductCard, ProductCardSkeleton } from '../../components/product/ProductCard';
import { Button } from '../../components/ui/Button';
import { LoadError } from '../../components/ui/LoadError';
import { NotAvailable } from '../../components/ui/NotAvailable';
import { useBrowseProductsInfiniteQuery } from '../product/browse-api';
import { activeFilterCount, filterLabels, SORT_LABELS, sortsFor, type BrowseSort } from './filters';
import { LazyFilterPanel, LazyFilterSheet, useWide } from './lazy-filters';
import { useBrowseFilters, type BrowseFiltersState } from './use-browse-filters';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4';

export const pairs = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'}`;

export interface BrowseListProps {
  /** The shoe lines listed (a line's page, a brand's), or null: every pair. */
  lines: readonly string[] | null;
  /** A title search, or null. */
  q?: string | null;
  eyebrow: string;
  title: string;
  /** Under the title: links to a brand's lines, say. */
  intro?: ReactNode;
  /** What an empty list says when no filter is on. */
  emptyText: string;
  /** What an empty list offers besides going back to shopping (search: ask on WhatsApp). */
  emptyAction?: ReactNode;
  /** The list's name for screen readers ("Kobe shoes"). */
  label: string;
}

function SortSelect({ filters, change, search }: BrowseFiltersState & { search: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="sr-only sm:not-sr-only sm:text-sm sm:text-muted">
        Sort by
      </label>
      <select
        id={id}
        value={filters.sort}
        onChange={(e) => change({ sort: e.target.value as BrowseSort })}
        className="h-11 w-full rounded-full border border-line bg-white pl-3 pr-7 text-sm font-semibold sm:w-auto"
      >
        {sortsFor(search).map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filters that are on, each a chip that takes it off, and Clear all. */
function ActiveFilters({ filters, change, clear }: BrowseFiltersState) {
  const labels = filterLabels(filters);
  if (labels.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Filters on">
      {labels.map((f) => (
        <li key={f.label}>
          <button
            type="button"
            onClick={() => change(f.without)}
            aria-label={`Remove filter ${f.label}`}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-court-soft px-3 text-sm font-semibold text-court-dark hover:bg-orange-100"
          >
            {f.label}
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={clear}
          className="min-h-9 px-2 text-sm font-semibold underline"
        >
          Clear all
        </button>
      </li>
    </ul>
  );
}

/**
 * A list of pairs with its filters and sort (docs/shop.md §2): all shoes, a brand, a line or
 * search results. The filters live in the address (filters.ts) and run on the server; "N pairs"
 * counts what they match. Wide screens show the filters in a side column, phones in a sheet.
 * While a new filter loads, the pairs shown so far stay, dimmed, so nothing jumps.
 */
export function BrowseList(props: BrowseListProps) {
  const { lines, q = null, eyebrow, title, intro, emptyText, emptyAction, label } = props;
  const search = q !== null;
  const state = useBrowseFilters(search);
  const { filters, change, clear } = state;
  const [sheet, setSheet] = useState(false);
  const wide = useWide();
  // Search results without words: nothing to ask for, the page says what to do.
  const skip = search && q.trim() === '';
  const query = useBrowseProductsInfiniteQuery({ lines, q, filters }, { skip });
  const { data, isFetching, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    query;
  const products = skip ? [] : data?.pages.flatMap((p) => p.products);
  const total = data?.pages[0]?.total ?? 0;
  const on = activeFilterCount(filters);
  const stale = isFetching && !isFetchingNextPage;
  if (isError && !products) return <LoadError what="these shoes" onRetry={() => void refetch()} />;

  return (
    <div className="space-y-5">
      <header className="space-y-2 border-b border-line pb-4">
        <p className="text-xs font-bold uppercase tracking-wider text-court-dark">{eyebrow}</p>
        <h1 className="text-3xl font-black tracking-tight">{title}</h1>
        {intro}
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:items-start lg:gap-8">
        <aside aria-label="Filters" className="hidden lg:block">
          <h2 className="mb-4 text-lg font-black">Filters</h2>
          {wide && (
            <Suspense fallback={null}>
              <LazyFilterPanel filters={filters} change={change} scope={{ lines, q }} />
            </Suspense>
          )}
        </aside>
        <section aria-label={label} className="space-y-4">
          <h2 className="sr-only">Pairs</h2>
          <Toolbar
            state={state}
            search={search}
            count={products ? pairs(total) : null}
            onFilters={() => setSheet(true)}
          />
          <ActiveFilters {...state} />
          <Results
            products={products}
            stale={stale}
            label={label}
            empty={on > 0 ? null : emptyText}
            emptyAction={emptyAction}
            onClear={clear}
          />
          {products && products.length > 0 && (hasNextPage || isError) && (
            <LoadMore
              text={
                isError
                  ? 'More pairs could not be loaded.'
                  : `Showing ${products.length} of ${total}`
              }
              retry={isError}
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            />
          )}
        </section>
      </div>
      {sheet && (
        <Suspense fallback={null}>
          <LazyFilterSheet
            state={state}
            scope={{ lines, q }}
            count={stale || !products ? null : pairs(total)}
            onClose={() => setSheet(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** "N pairs", and the Filters button (phones) and the sort. */
function Toolbar({
  state,
  search,
  count,
  onFilters,
}: {
  state: BrowseFiltersState;
  search: boolean;
  count: string | null;
  onFilters: () => void;
}) {
  const on = activeFilterCount(state.filters);
  return (
    // Phones: the Filters button and the sort side by side, the count below; wider: one row.
    <div className="flex flex-wrap items-center gap-x-2 gap-y-3">
      <p
        className="order-last w-full whitespace-nowrap text-sm font-semibold text-muted sm:order-first sm:mr-auto sm:w-auto"
        aria-live="polite"
      >
        {count ?? '\u00a0'}
      </p>
      <div className="flex flex-1 items-center gap-2 sm:flex-none">
        <button
          type="button"
          onClick={onFilters}
          className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold lg:hidden"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M3 5h14M6 10h8M9 15h2" stroke="currentColor" strokeWidth="2" />
          </svg>
          Filters
          {on > 0 && (
            <span className="grid size-5 place-items-center rounded-full bg-court text-[11px] text-white">
              {on}
            </span>
          )}
        </button>
        <SortSelect {...state} search={search} />
      </div>
    </div>
  );
}

function LoadMore(p: { text: string; retry: boolean; loading: boolean; onClick: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-muted" aria-live="polite">
        {p.text}
      </p>
      <Button variant="ghost" loading={p.loading} onClick={p.onClick}>
        {p.retry ? 'Retry' : 'Load more'}
      </Button>
    </div>
  );
}

function Results({
  products,
  stale,
  label,
  empty,
  emptyAction,
  onClear,
}: {
  products: Parameters<typeof ProductCard>[0]['product'][] | undefined;
  stale: boolean;
  label: string;
  /** The empty text without filters; null: filters are on, so offer to clear them. */
  empty: string | null;
  emptyAction?: ReactNode;
  onClear: () => void;
}) {
  if (!products) {
    return (
      <div className={GRID} aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (products.length === 0 && !stale) {
    if (empty !== null) {
      return (
        <NotAvailable text={empty} heading="p">
          {emptyAction}
        </NotAvailable>
      );
    }
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-lg font-bold">No pairs match these filters</p>
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    );
  }
  return (
    <ul
      className={`${GRID} transition-opacity ${stale ? 'opacity-60' : ''}`}
      aria-label={label}
      aria-busy={stale || undefined}
    >
      {products.map((p, i) => (
        <li key={p.$id}>
          <ProductCard product={p} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}
