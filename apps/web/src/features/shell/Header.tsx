import { Link, NavLink } from 'react-router';
import { useAppSelector } from '../../entities/hooks';
import { Brand } from '../../components/ui/Brand';
import { paths } from '../../config/routes';
import { selectCartCount } from '../../entities/cart/cart-slice';
import { SearchBox } from './SearchBox';
import { selectWishlist } from '../../entities/wishlist/wishlist-slice';
import { AccountMenu } from './AccountMenu';
import { CountBadge, countLabel, Icon } from './icons';
import { PhoneMenu } from './PhoneMenu';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold ${isActive ? 'bg-ink text-white' : 'text-ink-soft hover:bg-white'}`;

const iconLink =
  'relative hidden size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white md:grid';

/**
 * The header of docs/shop.md §2: brand, Home, Shop, Sizes, search, wishlist and cart with their
 * count badges, the account menu. Below `md` the bottom bar carries Home, Size, Cart and Track
 * Order, so the top bar keeps the menu (brands, lines, sizes), the logo and the account control;
 * below `lg` the search has its own row.
 */
export function Header() {
  const cartCount = useAppSelector(selectCartCount);
  const wishCount = useAppSelector((s) => selectWishlist(s).length);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:px-4 md:gap-3 lg:gap-4">
        <PhoneMenu />
        <Brand width={34} className="shrink-0" />
        <nav aria-label="Main" className="hidden shrink-0 items-center gap-1 md:flex">
          <NavLink to={paths.home} end className={navClass}>
            Home
          </NavLink>
          <NavLink to={paths.shop} className={navClass}>
            Shop
          </NavLink>
          <NavLink to={paths.sizes} className={navClass}>
            Sizes
          </NavLink>
        </nav>
        <SearchBox className="mx-auto hidden w-full min-w-0 max-w-md lg:block" />
        <div className="ml-auto flex min-w-0 items-center gap-1 lg:ml-0">
          <Link
            to={paths.wishlist}
            className={iconLink}
            aria-label={countLabel('Wishlist', wishCount)}
          >
            <Icon name="heart" />
            <CountBadge count={wishCount} />
          </Link>
          <Link to={paths.cart} className={iconLink} aria-label={countLabel('Cart', cartCount)}>
            <Icon name="cart" />
            <CountBadge count={cartCount} />
          </Link>
          <AccountMenu />
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-3 lg:hidden">
        <SearchBox />
      </div>
    </header>
  );
}
