import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useAuth, useIsAdmin } from '../../entities/hooks';
import { paths } from '../../config/routes';

const MENU = [
  { to: paths.myAccount, label: 'Account' },
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.wishlist, label: 'Wishlist' },
];

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold lg:rounded-xl ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-white'}`;

/** The account area's shared layout: side menu (Account, My Orders, Wishlist) and, for admins, the dashboard. */
export function AccountLayout() {
  const isAdmin = useIsAdmin();
  return (
    <div className="grid gap-5 py-2 sm:py-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <aside>
        <nav
          aria-label="Account"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:px-0"
        >
          {MENU.map((m) => (
            <NavLink key={m.to} to={m.to} className={itemClass}>
              {m.label}
            </NavLink>
          ))}
        </nav>
        {isAdmin && (
          <Link
            to={paths.dashboard.overview}
            className="mt-3 inline-flex min-h-11 items-center rounded-full bg-court px-4 text-sm font-semibold text-white hover:bg-court-dark lg:w-full lg:rounded-xl"
          >
            Go To Dashboard
          </Link>
        )}
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}

/** Pages that need a signed-in customer show the logged-out prompt instead (docs/shop.md §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status) return <>{children}</>;
  return (
    <section className="rounded-card border border-line bg-card p-6 text-center shadow-sm sm:p-10">
      <h1 className="text-xl font-black">Please sign in to see your account</h1>
      <p className="mt-2 text-sm text-ink-soft">
        Sign in to follow your orders, keep your address and manage your profile.
      </p>
      <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to={paths.login}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-ink px-6 text-sm font-semibold text-white hover:bg-ink-soft"
        >
          Sign in
        </Link>
        <Link
          to={paths.signup}
          className="inline-flex min-h-11 items-center justify-center rounded-full px-6 text-sm font-semibold ring-1 ring-line hover:bg-white"
        >
          Create Account
        </Link>
      </div>
    </section>
  );
}

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{children}</h1>;
}
