import { Navigate, NavLink, Outlet } from 'react-router';
import { useAuth, useIsAdmin } from '../../app/hooks';
import { Brand } from '../../components/ui/Brand';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useLiveOrders } from './orders-live';

const links = [
  { to: 'overview', label: 'Overview' },
  { to: 'products', label: 'Products' },
  { to: 'addproducts', label: 'Add Product' },
  { to: 'orders', label: 'Orders' },
];

/** Admins only: anyone else is sent to / (spec section 2, Dashboard area). */
export function DashboardLayout() {
  const { checking, userData } = useAuth();
  const isAdmin = useIsAdmin();
  if (checking) return <FullPageSpinner label="Checking your account" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="sticky top-0 z-20 border-b border-line bg-white px-4 pt-3 lg:h-dvh lg:border-r lg:border-b-0 lg:p-5">
        <div className="flex items-center justify-between gap-2">
          <Brand width={30} />
          <span className="truncate text-xs text-muted lg:hidden">{userData?.name}</span>
        </div>
        <nav
          aria-label="Dashboard"
          className="-mx-4 mt-2 flex gap-1 overflow-x-auto px-3 pb-2 lg:mx-0 lg:mt-8 lg:flex-col lg:px-0"
        >
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) =>
                `flex-1 whitespace-nowrap rounded-lg px-2 py-2 text-center text-[13px] font-semibold sm:flex-none sm:px-3 sm:text-sm lg:text-left ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-paper'}`
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <p className="mt-8 hidden text-xs text-muted lg:block">
          Signed in as <span className="font-semibold text-ink-soft">{userData?.name}</span>
        </p>
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
