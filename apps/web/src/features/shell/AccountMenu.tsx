import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../app/hooks';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { useLogout } from '../auth/use-logout';

/**
 * A spinner until the session lookup ends; then Sign In when logged out, Welcome <name>
 * with its menu when logged in (spec section 2).
 */
export function AccountMenu() {
  const { status, userData, checking } = useAuth();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (checking) {
    // The page doesn't wait for the session lookup (spec section 4): this corner does, with the
    // spinner of spec section 2, in the box Sign In will take so nothing moves when it ends.
    return (
      <span className="relative inline-block rounded-full px-4 py-2 text-sm font-semibold">
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
        className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-ink-soft"
      >
        Sign In
      </Link>
    );
  }
  const firstName = userData.name.split(' ')[0] || 'there';
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold hover:bg-white"
      >
        Welcome {firstName}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-40 mt-2 w-56 overflow-hidden rounded-card border border-line bg-white py-1 shadow-lg"
        >
          <Link
            role="menuitem"
            to={paths.myAccount}
            onClick={() => setOpen(false)}
            className="block px-4 py-2.5 text-sm hover:bg-paper"
          >
            Manage My Account
          </Link>
          <Link
            role="menuitem"
            to={paths.myOrders}
            onClick={() => setOpen(false)}
            className="block px-4 py-2.5 text-sm hover:bg-paper"
          >
            My Order
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              setOpen(false);
              void logout();
            }}
            className="block w-full px-4 py-2.5 text-left text-sm text-danger hover:bg-paper"
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
