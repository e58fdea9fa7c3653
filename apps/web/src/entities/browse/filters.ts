import { formatRs } from '@courtside/shop';

/**
 * The filters and sort of the shop's lists (all shoes, a brand, a line, search results), kept in
 * the address's query string so a filtered list can be shared and the back button steps through
 * the changes: `?size=43&size=43.5&min=15000&max=25000&cond=9&in_stock=1&sort=price-asc`. Values
 * that do not parse are dropped, never an error: a hand-edited link still opens a list.
 */

export type BrowseSort = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'best-selling';

export interface BrowseFilters {
  /** EUR sizes, ascending; empty: any size. */
  sizes: number[];
  /** Sale price bounds in whole rupees, inclusive; null: open. */
  min: number | null;
  max: number | null;
  /** Lowest condition out of 10; null: any. */
  condition: number | null;
  inStock: boolean;
  sort: BrowseSort;
}

export const SORT_LABELS: Record<BrowseSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Lowest price',
  'price-desc': 'Highest price',
  'best-selling': 'Best selling',
};

/** The sorts a list offers: search results start best match first, other lists newest first. */
export const sortsFor = (search: boolean): BrowseSort[] => [
  ...(search ? (['relevance'] as const) : []),
  'newest',
  'price-asc',
  'price-desc',
  'best-selling',
];

export const defaultSort = (search: boolean): BrowseSort => (search ? 'relevance' : 'newest');

const MAX_RUPEES = 100_000_000;
const MAX_SIZES = 10;

function rupees(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value);
  return n <= MAX_RUPEES ? n : null;
}

function size(value: string): number | null {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 100 && Number.isInteger(n * 2)
    ? n
    : null;
}

/** The filters an address asks for (`search`: the list is search results). */
export function parseFilters(params: URLSearchParams, search = false): BrowseFilters {
  const sizes = [...new Set(params.getAll('size').flatMap((v) => v.split(',').map(size)))].filter(
    (n): n is number => n !== null,
  );
  let min = rupees(params.get('min'));
  let max = rupees(params.get('max'));
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const cond = Number(params.get('cond'));
  const sort = params.get('sort') as BrowseSort | null;
  return {
    sizes: sizes.sort((a, b) => a - b).slice(0, MAX_SIZES),
    min,
    max,
    condition: Number.isInteger(cond) && cond >= 1 && cond <= 10 ? cond : null,
    inStock: params.get('in_stock') === '1',
    sort: sort && sortsFor(search).includes(sort) ? sort : defaultSort(search),
  };
}

/**
 * The query string for `filters`, keeping the address's other parameters (`q`) first; defaults
 * are left out, so the plain list's address stays plain.
 */
export function filtersToParams(
  filters: BrowseFilters,
  base: URLSearchParams = new URLSearchParams(),
  search = false,
): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of base) {
    if (!['size', 'min', 'max', 'cond', 'in_stock', 'sort'].includes(key)) out.append(key, value);
  }
  for (const s of [...filters.sizes].sort((a, b) => a - b)) out.append('size', String(s));
  if (filters.min !== null) out.set('min', String(filters.min));
  if (filters.max !== null) out.set('max', String(filters.max));
  if (filters.condition !== null) out.set('cond', String(filters.condition));
  if (filters.inStock) out.set('in_stock', '1');
  if (filters.sort !== defaultSort(search)) out.set('sort', filters.sort);
  return out;
}

/** A size chip's count in words: "3 pairs available", "none available". */
export const sizeCountText = (n: number) =>
  n === 0 ? 'none available' : `${n} ${n === 1 ? 'pair' : 'pairs'} available`;

/** How many filters are on (the sort aside): the phone's Filters button shows it. */
export function activeFilterCount(f: BrowseFilters): number {
  return (
    f.sizes.length + (f.min !== null || f.max !== null ? 1 : 0) + (f.condition ? 1 : 0) + +f.inStock
  );
}

export const NO_FILTERS = (sort: BrowseSort): BrowseFilters => ({
  sizes: [],
  min: null,
  max: null,
  condition: null,
  inStock: false,
  sort,
});

/** The filters in words, each removable: what the list shows at a glance. */
export function filterLabels(
  f: BrowseFilters,
): { label: string; without: Partial<BrowseFilters> }[] {
  const out: { label: string; without: Partial<BrowseFilters> }[] = f.sizes.map((s) => ({
    label: `EUR ${s}`,
    without: { sizes: f.sizes.filter((x) => x !== s) },
  }));
  if (f.min !== null || f.max !== null) {
    const label =
      f.min !== null && f.max !== null
        ? `${formatRs(f.min)} to ${formatRs(f.max)}`
        : f.min !== null
          ? `From ${formatRs(f.min)}`
          : `Up to ${formatRs(f.max!)}`;
    out.push({ label, without: { min: null, max: null } });
  }
  if (f.condition !== null) out.push({ label: `${f.condition}+/10`, without: { condition: null } });
  if (f.inStock) out.push({ label: 'In stock', without: { inStock: false } });
  return out;
}
