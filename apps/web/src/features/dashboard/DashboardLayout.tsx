import { Navigate, NavLink, Outlet } from 'react-router';
import { useAuth, useIsAdmin } from '../../app/hooks';
import { Brand } from '../../components/ui/Brand';
import { FullPageSpinner } from '../../components/ui/Spinner';

const links = [
  { to: 'overview', label: 'Overview' },
  { to: 'products', label: 'Products' },
  { to: 'addproducts', label: 'Add Product' },
  { to: 'orders', label: 'Orders' },
];

/** Admins only: anyone else is sent to / (spec section 2, Dashboard area). */
export function DashboardLayout() {
  const { checking } = useAuth();
  const isAdmin = useIsAdmin();
  if (checking) return <FullPageSpinner label="Checking your account" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="border-b border-line bg-white p-4 lg:min-h-dvh lg:border-r lg:border-b-0">
        <Brand width={30} />
        <nav aria-label="Dashboard" className="mt-4 flex gap-1 overflow-x-auto lg:flex-col">
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              className={({ isActive }) =>
                `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-paper'}`
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className="p-4 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}
