import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../entities/hooks';
import { Brand } from '../../components/ui/Brand';
import { AdminOnly } from './AdminOnly';
import { dashboardIcon } from './dashboard-icon';
import { OwnerLinks } from './OwnerLinks';
import { useLiveOrders } from './orders/orders-live';

/**
 * On a phone the screens are one row under the shop's name, scrolled sideways when they do not
 * all fit (short labels, at least 3.6 rem each); the full label shows in the side column (lg).
 */
const links = [
  {
    to: 'overview',
    label: 'Overview',
    short: 'Overview',
    icon: dashboardIcon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
  },
  {
    to: 'products',
    label: 'Products',
    short: 'Products',
    icon: dashboardIcon('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z'),
  },
  {
    to: 'addproducts',
    label: 'Add Product',
    short: 'Add',
    icon: dashboardIcon('M12 5v14M5 12h14'),
  },
  {
    to: 'orders',
    label: 'Orders',
    short: 'Orders',
    icon: dashboardIcon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6'),
  },
  {
    to: 'codes',
    label: 'Discount codes',
    short: 'Codes',
    icon: dashboardIcon('M20 12l-8 8-9-9V3h8zM7.5 7.5h.01'),
  },
  {
    to: 'customers',
    label: 'Customers',
    short: 'Buyers',
    icon: dashboardIcon(
      'M16 19v-1a4 4 0 00-4-4H7a4 4 0 00-4 4v1M9.5 10a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM21 19v-1a4 4 0 00-3-3.9M16 3.1a3.5 3.5 0 010 6.8',
    ),
  },
  {
    to: 'pages',
    label: 'Pages',
    short: 'Pages',
    icon: dashboardIcon('M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8'),
  },
  {
    to: 'content',
    label: 'Storefront',
    short: 'Content',
    icon: dashboardIcon(
      'M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M15.5 9.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z',
    ),
  },
  {
    to: 'subscribers',
    label: 'Subscribers',
    short: 'Subs',
    icon: dashboardIcon('M3 6h18v12H3zM3 7l9 6 9-6'),
  },
  {
    to: 'backups',
    label: 'Backups',
    short: 'Backups',
    icon: dashboardIcon('M4 7h16v13H4zM4 7l2-3h12l2 3M12 10v7M9 14l3 3 3-3'),
  },
  {
    to: 'settings',
    label: 'Settings',
    short: 'Settings',
    icon: dashboardIcon(
      'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z',
    ),
  },
];

/** Admins only: anyone else is sent to / (docs/shop.md §2, Dashboard area). */
export function DashboardLayout() {
  return (
    <AdminOnly>
      <DashboardFrame />
    </AdminOnly>
  );
}

/** The dashboard's frame: the shop's name, the navigation, the owner's links, the screen. */
function DashboardFrame() {
  const { userData } = useAuth();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls: the screen shown is always in view in it.
  useEffect(() => {
    const shown = nav.current?.querySelector('[aria-current="page"]');
    // jsdom (the unit tests) has no scrolling.
    shown?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="sticky top-0 z-20 border-b border-line bg-white px-3 pt-2 sm:px-4 lg:flex lg:h-dvh lg:flex-col lg:border-r lg:border-b-0 lg:p-5">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <Brand width={26} />
            <p className="mt-0.5 text-[11px] font-semibold tracking-wide text-muted uppercase">
              Dashboard
            </p>
          </div>
          <div className="lg:hidden">
            <OwnerLinks compact />
          </div>
        </div>
        <nav
          ref={nav}
          aria-label="Dashboard"
          className="-mx-3 mt-2 flex overflow-x-auto px-3 pb-2 [scrollbar-width:none] sm:gap-1 lg:mx-0 lg:mt-8 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0"
        >
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              aria-label={l.label}
              className={({ isActive }) =>
                `flex min-h-11 min-w-[3.6rem] flex-1 shrink-0 flex-col lg:flex-none items-center justify-center gap-0.5 rounded-lg py-1.5 text-[10px] font-semibold tracking-tight min-[380px]:text-[11px] sm:text-xs sm:tracking-normal lg:flex-row lg:justify-start lg:gap-2 lg:px-3 lg:text-sm ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-paper'}`
              }
            >
              {l.icon}
              <span className="max-w-full truncate lg:hidden">{l.short}</span>
              <span className="hidden truncate lg:inline">{l.label}</span>
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto hidden border-t border-line pt-4 lg:block">
          <p className="mb-2 truncate px-3 text-xs text-muted">
            Signed in as <span className="font-semibold text-ink-soft">{userData?.name}</span>
          </p>
          <OwnerLinks />
        </div>
      </aside>
      <LiveOrders />
      <main className="min-w-0 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}

/** Keeps orders live (D13) for as long as an admin has the dashboard open. */
function LiveOrders() {
  useLiveOrders();
  return null;
}
