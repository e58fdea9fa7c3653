import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/routes';
import { SkeletonRows } from './search-rows';

/** The results' code, asked for when the box is first touched, so it is in by the first letter. */
const loadResults = () => import('./SearchResults');

/**
 * The dropdown's content: the idle text, then the results once their code is in (skeleton rows
 * until then; a failed download leaves them, and Enter still opens the results page).
 */
function Dropdown({ term }: { term: string }) {
  const [results, setResults] = useState<Awaited<ReturnType<typeof loadResults>> | null>(null);
  useEffect(() => {
    if (results) return;
    let live = true;
    loadResults().then(
      (loaded) => live && setResults(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [results]);
  if (term === '') return <p className="px-3 py-4 text-sm text-muted">Search items here</p>;
  return results ? results.searchResults(term) : <SkeletonRows />;
}

/**
 * Whether the dropdown shows. A new page closes it (adjusting state during render, not in an
 * effect), and so does a click outside the box.
 */
function useDropdownOpen(box: RefObject<HTMLFormElement | null>) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, box]);
  return [open, setOpen] as const;
}

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
    >
      <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M14 14l4 4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The words of the results page (`/search?q=`) being shown, or "" on any other page. */
function useShownQuery(): string {
  const { pathname, search } = useLocation();
  return pathname === paths.search ? (new URLSearchParams(search).get('q') ?? '').trim() : '';
}

/**
 * The header search (docs/shop.md §2): a title search once typing pauses; the dropdown shows the
 * idle text, skeleton rows while loading, the no-result text or the best matches with thumbnails
 * and titles. Enter opens the results page (`/search?q=`), with the filters of every list.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  // The results page keeps its words in the box, so the buyer can change them; elsewhere empty.
  const shown = useShownQuery();
  const [text, setText] = useState(shown);
  const firstShown = useRef(shown);
  const [shownBefore, setShownBefore] = useState(shown);
  if (shownBefore !== shown) {
    setShownBefore(shown);
    setText(shown);
  }
  const box = useRef<HTMLFormElement>(null);
  const [open, setOpen] = useDropdownOpen(box);
  const field = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const term = text.trim();

  // On a page rendered by the server, the box may have been typed in or tapped before the app
  // took it over (hydration keeps what was typed): carry on from there.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    const typed = input.value;
    const focused = input.ownerDocument.activeElement === input;
    if ((typed === '' || typed === firstShown.current) && !focused) return;
    setText(typed);
    setOpen(true);
  }, [setOpen]);

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
      <SearchIcon />
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
        onFocus={() => void loadResults()}
        onPointerEnter={() => void loadResults()}
        className="h-10 w-full rounded-full border border-line bg-white pl-9 pr-3 text-sm placeholder:text-muted focus:border-court focus:outline-none focus:ring-2 focus:ring-court/30"
      />
      {open && (
        <div
          id={listId}
          aria-live="polite"
          className="absolute inset-x-0 top-12 z-40 max-h-96 overflow-y-auto rounded-card border border-line bg-white py-1 shadow-lg"
        >
          <Dropdown term={term} />
        </div>
      )}
    </form>
  );
}
