import { Link } from 'react-router';
import { useLogout } from '../../entities/session/use-logout';
import { dashboardIcon } from './dashboard-icon';
import { useShopFacts } from '../../lib/shop-facts';

const pill =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold whitespace-nowrap';

/**
 * The way out of the dashboard: back to the storefront, and Log out (which ends this device's
 * session and goes home, docs/shop.md §4). `compact` keeps them to icons and short words on a
 * phone's top bar.
 */
export function OwnerLinks({ compact = false }: { compact?: boolean }) {
  const logout = useLogout();
  const { name } = useShopFacts();
  return (
    <div className={`flex items-center ${compact ? 'gap-1' : 'flex-col items-stretch gap-1'}`}>
      <Link
        to="/"
        aria-label={`Go to the shop: ${name}`}
        className={`${pill} text-ink-soft hover:bg-paper`}
      >
        {dashboardIcon('M3 10l9-7 9 7v10a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z')}
        {compact ? 'Shop' : 'View the shop'}
      </Link>
      <button
        type="button"
        onClick={() => void logout()}
        className={`${pill} text-danger hover:bg-red-50`}
      >
        {dashboardIcon('M15 17l5-5-5-5M20 12H9M12 21H5a1 1 0 01-1-1V4a1 1 0 011-1h7')}
        Log out
      </button>
    </div>
  );
}
