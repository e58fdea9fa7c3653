import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { GradeDot } from '../../components/product/ConditionGrade';
import { useSizeCountsQuery } from '../product/browse-api';
import { sizeCountText } from './filters';
import type { BrowseFiltersState } from './use-browse-filters';

/** EUR sizes offered as chips: 38 to 48 in half sizes (each pre-loved pair is one of them). */
export const BROWSE_SIZES: readonly number[] = Array.from({ length: 21 }, (_, i) => 38 + i / 2);

/** Lowest conditions offered ("9+/10"). */
export const CONDITIONS: readonly number[] = [9, 8, 7];

/** Ready-made price ranges, in rupees. */
export const PRICE_RANGES: readonly { label: string; min: number | null; max: number | null }[] = [
  { label: 'Under Rs.15,000', min: null, max: 14_999 },
  { label: 'Rs.15,000 to 25,000', min: 15_000, max: 25_000 },
  { label: 'Rs.25,000 to 40,000', min: 25_000, max: 40_000 },
  { label: 'Over Rs.40,000', min: 40_001, max: null },
];

/** A chip's look without its side padding (a size chip fills its grid cell instead). */
const chipLook = (on: boolean) =>
  `min-h-10 rounded-full border text-sm font-semibold tabular-nums transition-colors ${
    on
      ? 'border-ink bg-ink text-white'
      : 'border-line bg-white text-ink hover:border-ink-soft focus-visible:border-ink-soft'
  }`;

const chip = (on: boolean) => `${chipLook(on)} px-3`;

/** A size with no pair available: greyed, dashed, not a button one can press. */
const EMPTY_CHIP =
  'min-h-10 cursor-not-allowed rounded-full border border-dashed border-line bg-transparent text-sm font-semibold tabular-nums text-slate-400';

/** What a list is, besides its filters: its lines and its search words (null: none). */
export interface ListScope {
  lines: readonly string[] | null;
  q: string | null;
}

function Group({
  title,
  aside,
  children,
}: {
  title: string;
  /** Beside the title, at the far end: a link. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2.5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-xs font-bold uppercase tracking-wider text-muted">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * EUR sizes as toggles: a pre-loved pair is one size, so this is the filter that matters most.
 * Each chip says how many pairs are available in its size, the list's other filters kept; a size
 * with none is greyed and cannot be chosen (left in its place, so the chips never move under a
 * thumb, and a buyer sees the size exists but has nothing now). A chosen one stays pressable, to
 * take it off. Until the counts come (or when they cannot be had) the chips are plain.
 */
function Sizes({
  filters,
  change,
  scope,
}: Pick<BrowseFiltersState, 'filters' | 'change'> & { scope: ListScope }) {
  const skip = scope.q !== null && scope.q.trim() === '';
  const { data: counts } = useSizeCountsQuery(
    { ...scope, filters: { ...filters, sizes: [], inStock: false, sort: 'newest' } },
    { skip },
  );
  const toggle = (size: number) =>
    change({
      sizes: filters.sizes.includes(size)
        ? filters.sizes.filter((s) => s !== size)
        : [...filters.sizes, size].sort((a, b) => a - b),
    });
  return (
    <Group
      title="Size (EUR)"
      aside={
        <Link
          to={paths.sizes}
          className="inline-flex min-h-6 items-center text-xs font-semibold text-court-dark underline underline-offset-2"
        >
          Size guide (US, UK)
        </Link>
      }
    >
      <div className="grid grid-cols-4 gap-1.5 sm:grid-cols-6 lg:grid-cols-3">
        {BROWSE_SIZES.map((size) => {
          const on = filters.sizes.includes(size);
          const n = counts ? (counts[String(size)] ?? 0) : null;
          const none = n === 0 && !on;
          return (
            <button
              key={size}
              type="button"
              aria-pressed={on}
              disabled={none}
              aria-label={`EUR ${size}${n === null ? '' : `, ${sizeCountText(n)}`}`}
              onClick={() => toggle(size)}
              className={`whitespace-nowrap ${none ? EMPTY_CHIP : chipLook(on)}`}
            >
              {size}
              {n !== null && n > 0 && (
                <span className={`font-normal ${on ? 'text-white/80' : 'text-muted'}`}> · {n}</span>
              )}
            </button>
          );
        })}
      </div>
    </Group>
  );
}

const rupees = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text) : null);

/** Ready-made price ranges, or a range of one's own (applied with Go or Enter). */
function Prices({ filters, change }: Pick<BrowseFiltersState, 'filters' | 'change'>) {
  const [min, setMin] = useState(filters.min === null ? '' : String(filters.min));
  const [max, setMax] = useState(filters.max === null ? '' : String(filters.max));
  // The fields follow the address when it changes (a preset, back, Clear all).
  const [shown, setShown] = useState({ min: filters.min, max: filters.max });
  if (shown.min !== filters.min || shown.max !== filters.max) {
    setShown({ min: filters.min, max: filters.max });
    setMin(filters.min === null ? '' : String(filters.min));
    setMax(filters.max === null ? '' : String(filters.max));
  }
  const id = useId();
  const apply = (e: FormEvent) => {
    e.preventDefault();
    change({ min: rupees(min), max: rupees(max) });
  };
  const field =
    'h-10 w-full min-w-0 rounded-lg border border-line bg-white px-2.5 text-sm tabular-nums focus:border-court focus:outline-none focus:ring-2 focus:ring-court/30';
  return (
    <Group title="Price">
      <div className="flex flex-wrap gap-1.5">
        {PRICE_RANGES.map((r) => {
          const on = filters.min === r.min && filters.max === r.max;
          return (
            <button
              key={r.label}
              type="button"
              aria-pressed={on}
              onClick={() => change(on ? { min: null, max: null } : { min: r.min, max: r.max })}
              className={chip(on)}
            >
              {r.label}
            </button>
          );
        })}
      </div>
      <form onSubmit={apply} className="flex items-end gap-2" aria-label="Price range">
        <label htmlFor={`${id}-min`} className="flex-1 text-xs font-semibold text-muted">
          Min Rs.
          <input
            id={`${id}-min`}
            inputMode="numeric"
            placeholder="0"
            value={min}
            onChange={(e) => setMin(e.target.value.replace(/\D/g, ''))}
            className={field}
          />
        </label>
        <label htmlFor={`${id}-max`} className="flex-1 text-xs font-semibold text-muted">
          Max Rs.
          <input
            id={`${id}-max`}
            inputMode="numeric"
            placeholder="Any"
            value={max}
            onChange={(e) => setMax(e.target.value.replace(/\D/g, ''))}
            className={field}
          />
        </label>
        <button type="submit" className={`${chip(false)} shrink-0 px-4`}>
          Go
        </button>
      </form>
    </Group>
  );
}

function Condition({ filters, change }: Pick<BrowseFiltersState, 'filters' | 'change'>) {
  return (
    <Group title="Condition">
      <div className="flex flex-wrap gap-1.5">
        {CONDITIONS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={filters.condition === c}
            onClick={() => change({ condition: filters.condition === c ? null : c })}
            className={`${chip(filters.condition === c)} inline-flex items-center gap-1.5`}
          >
            <GradeDot condition={c} />
            {c}+/10
          </button>
        ))}
      </div>
    </Group>
  );
}

/** The filters of a list (`scope`: which list): size, price, condition, in stock only. */
export function FilterPanel({
  filters,
  change,
  scope,
}: Pick<BrowseFiltersState, 'filters' | 'change'> & { scope: ListScope }) {
  return (
    <div className="space-y-6">
      <Sizes filters={filters} change={change} scope={scope} />
      <Prices filters={filters} change={change} />
      <Condition filters={filters} change={change} />
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-card border border-line bg-white px-3 text-sm font-semibold">
        In stock only
        <input
          type="checkbox"
          checked={filters.inStock}
          onChange={(e) => change({ inStock: e.target.checked })}
          className="size-5 accent-court"
        />
      </label>
    </div>
  );
}
