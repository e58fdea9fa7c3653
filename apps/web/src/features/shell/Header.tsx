import { Link, NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Brand } from '../../components/ui/Brand';
import { paths } from '../../config/routes';
import { selectCartCount } from '../cart/cart-slice';
import { SearchBox } from '../search/SearchBox';
import { selectWishlist } from '../wishlist/wishlist-slice';
import { AccountMenu } from './AccountMenu';
import { CountBadge, Icon } from './icons';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-semibold ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-white'}`;

const iconLink = 'relative grid size-11 place-items-center rounded-full text-ink hover:bg-white';

/**
 * The header of spec section 2: brand, Home, Sizes, search, wishlist (wide screens) and cart
 * with their count badges, the account menu. On phones it is the top bar (logo and the account
 * control) with the search box below it.
 */
export function Header() {
  const cartCount = useAppSelector(selectCartCount);
  const wishCount = useAppSelector((s) => selectWishlist(s).length);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4">
        <Brand width={34} className="shrink-0" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to={paths.home} end className={navClass}>
            Home
          </NavLink>
          <NavLink to={paths.sizes} className={navClass}>
            Sizes
          </NavLink>
        </nav>
        <SearchBox className="mx-auto hidden w-full max-w-md sm:block" />
        <div className="ml-auto flex items-center gap-1 sm:ml-0">
          <Link
            to={paths.wishlist}
            className={`${iconLink} hidden sm:grid`}
            aria-label={`Wishlist, ${wishCount} items`}
          >
            <Icon name="heart" />
            <CountBadge count={wishCount} />
          </Link>
          <Link to={paths.cart} className={iconLink} aria-label={`Cart, ${cartCount} items`}>
            <Icon name="cart" />
            <CountBadge count={cartCount} />
          </Link>
          <AccountMenu />
        </div>
      </div>
      <div className="px-4 pb-3 sm:hidden">
        <SearchBox />
      </div>
    </header>
  );
}
