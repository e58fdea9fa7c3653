import { NavLink } from 'react-router';
import { Brand } from '../../components/ui/Brand';
import { paths } from '../../config/routes';
import { AccountMenu } from './AccountMenu';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-semibold ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-white'}`;

/** The header of spec section 2: brand, Home, Sizes and the account menu. */
export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Brand width={34} />
        <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
          <NavLink to={paths.home} end className={navClass}>
            Home
          </NavLink>
          <NavLink to={paths.sizes} className={navClass}>
            Sizes
          </NavLink>
        </nav>
        <AccountMenu />
      </div>
    </header>
  );
}
