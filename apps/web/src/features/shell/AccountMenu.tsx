import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth, useIsAdmin } from '../../entities/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { lazyComponent } from '../../lib/lazy-component';
import { MENU_BOX } from './menu-box';

/**
 * The menu's links, off the first load: asked for when a pointer or focus reaches the button.
 * Should they fail to arrive, the menu says so rather than the page turning into an error page.
 */
const { Component: Panel, preload: preloadPanel } = lazyComponent(() =>
  import('./AccountMenuPanel').then(
    (m) => m.AccountMenuPanel,
    () =>
      function MenuUnavailable({ id }: { id: string }) {
        return (
          <p id={id} role="alert" className={`${MENU_BOX} px-4 py-3 text-sm text-danger`}>
            The menu did not load. Check your connection and reload the page.
          </p>
        );
      },
  ),
);

/**
 * A spinner until the session lookup ends; then Sign In when logged out, Welcome <name> when logged
 * in (docs/shop.md §2), a disclosure: a button that shows or hides plain links, Go To Dashboard
 * first for the owner (Tab moves through them, Escape closes and returns to the button).
 */
export function AccountMenu() {
  const { status, userData, checking } = useAuth();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const isAdmin = useIsAdmin();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    // Tabbing out of the menu closes it, so it never hangs open over the page.
    const onFocus = (e: FocusEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  if (checking) {
    // The page doesn't wait for the session lookup (docs/shop.md §4): this corner does, with the
    // spinner of docs/shop.md §2, in the box Sign In will take so nothing moves when it ends.
    return (
      <span className="relative inline-block shrink-0 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold">
        <span aria-hidden="true" className="invisible">
          Sign In
        </span>
        <span className="absolute inset-0 grid place-items-center">
          <Spinner label="Checking your account" />
        </span>
      </span>
    );
  }

  if (!status || !userData) {
    return (
      <Link
        to={paths.login}
        className="shrink-0 whitespace-nowrap rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        Sign In
      </Link>
    );
  }
  // A guest's session (checkout without an account) has no name, e-mail or number: not "back".
  const known = Boolean(userData.email || userData.phone);
  const name = userData.name.trim() || (known ? 'back' : 'guest');
  const greeting = `Welcome ${name}`;
  return (
    <div ref={box} className="relative min-w-0">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        title={greeting}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void preloadPanel()}
        onFocus={() => void preloadPanel()}
        className="flex min-h-11 max-w-full items-center gap-1 rounded-full px-3 text-left text-sm font-semibold hover:bg-white md:max-w-64"
      >
        {/* On phones "Welcome" sits small above the name, on wider screens beside it; a long
            name ends in an ellipsis where the bar is short, and the title shows it whole. */}
        <span className="flex min-w-0 flex-col leading-tight sm:flex-row sm:gap-1">
          <span className="text-[11px] font-medium text-muted sm:text-sm sm:font-semibold sm:text-ink">
            Welcome
          </span>{' '}
          <span className="truncate">{name}</span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <Panel id={panelId} isAdmin={isAdmin} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
