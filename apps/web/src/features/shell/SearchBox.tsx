import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ProductImage } from '../../components/product/ProductImage';
import { paths } from '../../config/routes';
import { useSearchProductsQuery } from '../../entities/product/products-api';

const ROW = 'flex items-center gap-3 px-3 py-2';

/** How long typing pauses before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 250;

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

function SkeletonRows() {
  return (
    <ul aria-label="Loading results" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className={ROW}>
          <span className="size-10 animate-pulse rounded bg-slate-100" />
          <span className="h-3.5 flex-1 animate-pulse rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

/**
 * The dropdown's content: the idle text, skeleton rows (while typing and loading), an error, no
 * match, or the best matches and a link to all of them.
 */
function SearchResults({ term }: { term: string }) {
  const settled = useSettled(term, SUGGEST_DELAY_MS);
  const { data, isFetching, isError } = useSearchProductsQuery(settled, { skip: settled === '' });
  if (term === '') return <p className="px-3 py-4 text-sm text-muted">Search items here</p>;
  if (isFetching || settled !== term) return <SkeletonRows />;
  if (isError) {
    return <p className="px-3 py-4 text-sm text-danger">Search is not available right now.</p>;
  }
  if (!data || data.length === 0) {
    return <p className="px-3 py-4 text-sm text-muted">Your search did not match any Product</p>;
  }
  return (
    <ul>
      {data.map((p) => (
        <li key={p.$id}>
          <Link
            data-result
            to={paths.product(p.$id)}
            className={`${ROW} hover:bg-paper focus:bg-paper`}
          >
            <ProductImage
              fileId={p.image}
              alt=""
              sizes="40px"
              widths={[80]}
              className="size-10 shrink-0 rounded"
            />
            <span className="line-clamp-2 text-sm font-medium">{p.title}</span>
          </Link>
        </li>
      ))}
      <li className="border-t border-line">
        <Link
          data-result
          to={paths.searchFor(term)}
          className={`${ROW} text-sm font-semibold text-court-dark hover:bg-paper focus:bg-paper`}
        >
          See all results for “{term}”
        </Link>
      </li>
    </ul>
  );
}

/**
 * The header search (docs/shop.md §2): a title search once typing pauses; the dropdown shows the
 * idle text, skeleton rows while loading, the no-result text or the best matches with thumbnails
 * and titles. Enter opens the results page (`/search?q=`), with the filters of every list.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const listId = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const term = text.trim();

  // A new page closes the dropdown (adjusting state during render, not in an effect).
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  // On a page rendered by the server, the box may have been typed in or tapped before the app
  // took it over (hydration keeps what was typed): carry on from there.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    const typed = input.value;
    const focused = input.ownerDocument.activeElement === input;
    if (typed === '' && !focused) return;
    setText(typed);
    setOpen(true);
  }, []);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      setOpen(false);
      box.current?.querySelector('input')?.focus();
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const links = [...(box.current?.querySelectorAll<HTMLAnchorElement>('[data-result]') ?? [])];
      if (links.length === 0) return;
      e.preventDefault();
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = e.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
      if (next < 0) box.current?.querySelector('input')?.focus();
      else links[next]?.focus();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (term === '') return;
    setOpen(false);
    field.current?.blur();
    void navigate(paths.searchFor(term));
  };

  return (
    <form
      ref={box}
      role="search"
      action={paths.search}
      className={`relative ${className}`}
      onKeyDown={onKey}
      onSubmit={submit}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products by title
      </label>
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
      >
        <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M14 14l4 4" stroke="currentColor" strokeWidth="2" />
      </svg>
      <input
        ref={field}
        id={`${listId}-input`}
        name="q"
        type="search"
        enterKeyHint="search"
        value={text}
        placeholder="Search shoes"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        className="h-10 w-full rounded-full border border-line bg-white pl-9 pr-3 text-sm placeholder:text-muted focus:border-court focus:outline-none focus:ring-2 focus:ring-court/30"
      />
      {open && (
        <div
          id={listId}
          aria-live="polite"
          className="absolute inset-x-0 top-12 z-40 max-h-96 overflow-y-auto rounded-card border border-line bg-white py-1 shadow-lg"
        >
          <SearchResults term={term} />
        </div>
      )}
    </form>
  );
}
